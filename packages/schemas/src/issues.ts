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

/** The `message` of a 400 for a body that fails its schema: every problem, `; `-separated. */
export const describeIssues = (error: z.ZodError): string =>
  formatIssues(error).map(formatIssueLine).join('; ');

/** The `message` of a 400 for a body that is not JSON, or not sent as JSON. */
export const JSON_BODY_REQUIRED =
  'the request body must be a JSON object sent with Content-Type: application/json';

/**
 * A request body's JSON text read against its schema, as the route validators would: the value, or the 400
 * `message` naming what is wrong. For bodies validated away from the thread that received them (send jobs).
 */
export function readJsonBody<S extends z.ZodType>(
  schema: S,
  text: string,
): { success: true; data: z.output<S> } | { success: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { success: false, message: JSON_BODY_REQUIRED };
  }
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, message: describeIssues(parsed.error) };
}
