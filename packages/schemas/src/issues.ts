import type { z } from '@hono/zod-openapi';
import { issueMessages } from './common.ts';

/** One validation failure, ready to print as `path: message`. */
export interface FormattedIssue {
  /** `a.b[0].c`; empty when the body itself is wrong (e.g. not an object). */
  path: string;
  message: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `['signingRequests', 0, 'recipients', 1, 'email']` -> `signingRequests[0].recipients[1].email`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'symbol') out += `[${String(segment)}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    // Keys a client invented (`"foo bar"`, `"a.b"`) are quoted so the path stays unambiguous.
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/**
 * Flattens a ZodError into `{path, message}` pairs. An unknown-keys issue becomes one entry per key, with
 * the key in the path (`grant_type: unknown property`); repeated identical entries are dropped.
 */
export function formatIssues(error: z.ZodError): FormattedIssue[] {
  const out: FormattedIssue[] = [];
  const seen = new Set<string>();
  const push = (path: readonly PropertyKey[], message: string) => {
    const issue = { path: formatIssuePath(path), message };
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(issue);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) push([...issue.path, key], issueMessages.unknownProperty);
    } else {
      push(issue.path, issue.message);
    }
  }
  return out;
}

/** `path: message`, or just the message when the issue is about the whole body. */
export const formatIssueLine = (issue: FormattedIssue): string =>
  issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
