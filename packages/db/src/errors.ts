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

/** SQLSTATEs of a server that is going away, starting up, full, or refusing this database's connections. */
const UNAVAILABLE_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not currently accepting connections/i,
  /client has encountered a connection error/i,
];

/**
 * Whether a failure is the database server being out of reach (restarting, refusing, unreachable) rather than
 * anything about the query: a request that meets it is answered 503, to be retried, not 500. Looks through the
 * causes drizzle wraps around the driver's error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.some((m) => m.test(e.message))) return true;
  }
  return false;
}

/** SQLSTATEs of a transaction that lost to a concurrent one (serialization failure, deadlock): run it again. */
const CONFLICT_STATES = new Set(['40001', '40P01']);

/**
 * Whether a failure is a transaction losing to a concurrent one. The connection runs such a transaction again
 * a few times; one that still loses (a hot row under heavy contention) is answered 503 like an outage.
 */
export function isSerializationConflict(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_STATES.has(code)) return true;
  }
  return false;
}
