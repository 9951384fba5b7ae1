import type { z } from '@hono/zod-openapi';
import { expect, it } from 'vitest';
import { formatIssueLine, formatIssues, RECIPIENTS_MAX, SIGNING_REQUESTS_MAX } from '../src/index.ts';

/** The `path: message` lines a body produces, as the API prints them; empty when it parses. */
export function issueLines(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : formatIssues(result.error).map(formatIssueLine);
}

/** A value mutated in place by a test case, on a fresh copy of `base`. */
export function mutate<T>(base: T, change: (body: T) => void): T {
  const copy = structuredClone(base);
  change(copy);
  return copy;
}

export const repeat = <T>(count: number, item: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => item(index));

/** An address of exactly `length` characters that passes the email pattern. */
export const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

// biome-ignore lint/suspicious/noExplicitAny: cases poke at arbitrary (invalid) shapes on purpose
export type Loose = any;

/** A rejection case: its name, the change to a valid body, the one issue line it must produce. */
export type RejectCase = [string, (body: Loose) => void, string];

/**
 * A rejection case that sets the property at `path` (`signingRequests[0].fields[0].label`), or deletes it when
 * `value` is undefined (JSON has no undefined: the property is left out), and expects `message` at that same
 * path: the path is written once.
 */
export const at = (name: string, path: string, value: unknown, message: string): RejectCase => [
  name,
  (body) => {
    const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
    const key = keys.pop()!;
    const parent = keys.reduce((node, step) => node[step], body);
    if (value === undefined) delete parent[key];
    else parent[key] = value;
  },
  `${path}: ${message}`,
];

/** One test per case: its change to a fresh copy of `valid` must produce exactly its issue line. */
export const rejectsEach = (title: string, schema: z.ZodType, valid: unknown, cases: RejectCase[]) =>
  it.each(cases)(title, (_, change, line) => {
    expect(issueLines(schema, mutate(valid, change))).toEqual([line]);
  });

/** The first entry of a send body, and the path its recipients' issues are reported at. */
const first = (body: Loose) => body.signingRequests[0];
const recipients = 'signingRequests[0].recipients';

/**
 * What both sends reject alike, from the fragments they share (src/send-fields.ts): run against each send, so
 * neither can drift from the other. `recipient(i)` is a valid recipient of that send; the valid body it
 * mutates has at least one entry with two recipients.
 */
export const sharedSendCases = (recipient: (index: number) => object): RejectCase[] => [
  ['signingRequests missing', (b) => delete b.signingRequests, 'signingRequests: required'],
  ['signingRequests empty', (b) => (b.signingRequests = []), 'signingRequests: must not be empty'],
  [
    'signingRequests too many',
    (b) => (b.signingRequests = repeat(SIGNING_REQUESTS_MAX + 1, () => first(b))),
    'signingRequests: must have at most 10000 items',
  ],
  ['recipients empty', (b) => (first(b).recipients = []), `${recipients}: must not be empty`],
  [
    'recipients too many',
    (b) => (first(b).recipients = repeat(RECIPIENTS_MAX + 1, recipient)),
    `${recipients}: must have at most 100 items`,
  ],
  [
    'recipient name empty',
    (b) => (first(b).recipients[0].name = ''),
    `${recipients}[0].name: must not be empty`,
  ],
  [
    'recipient email invalid',
    (b) => (first(b).recipients[1].email = 'a@'),
    `${recipients}[1].email: invalid email`,
  ],
  [
    'signingType unknown',
    (b) => (b.signingType = 'random'),
    'signingType: must be one of: parallel, sequential',
  ],
  [
    'authRequirement unknown',
    (b) => (b.authRequirement = 'sms'),
    'authRequirement: must be one of: public, otp',
  ],
  ['expiresInDays too long', (b) => (b.expiresInDays = 366), 'expiresInDays: must be at most 365'],
];
