import { DrizzleQueryError } from 'drizzle-orm';

/**
 * What a log may keep of a failed query. drizzle's async drivers (SQLite here, PostgreSQL next) wrap a driver
 * error in a DrizzleQueryError whose message lists the query's parameters: e-mail addresses, names, token
 * hashes. The log keeps the SQL and the driver's error (its `cause`, with SQLite's code), not the values.
 */
export function withoutQueryParams(err: unknown): unknown {
  if (!(err instanceof DrizzleQueryError)) return err;
  const safe = new Error(`Failed query: ${err.query}`, { cause: err.cause });
  safe.name = 'DrizzleQueryError';
  // The original stack's frames; its first lines repeat the message, parameters included.
  const frames = (err.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}
