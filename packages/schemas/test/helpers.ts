import type { z } from '@hono/zod-openapi';
import { formatIssueLine, formatIssues } from '../src/index.ts';

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
