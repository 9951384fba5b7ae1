/** How drizzle's proxy driver asks for rows: all of them, the first one, or none (a write). */
export type QueryMethod = 'run' | 'all' | 'get' | 'values';

/** What a statement answers: array rows for reads ('get': one row or undefined), the change count for writes. */
export interface QueryResult {
  rows: unknown[];
  changes?: number;
}

/** Rows for one table, all with the same columns, values in column order (RowBatch, rowInserter). */
export interface RowInsert {
  table: string;
  columns: readonly string[];
  values: unknown[];
}

/**
 * What `Database` needs from a database server: the one seam between the domain's queries and SQLite or
 * PostgreSQL. Both implementations share the rule that makes `ctx.db` work inside a transaction: a query
 * belongs to the transaction whose async context it runs in (AsyncLocalStorage), and nowhere else.
 */
export interface Connection {
  readonly dialect: 'sqlite' | 'postgres';
  /**
   * Statements this connection has run since it opened, transaction control included: what a process asks of
   * its database (bench/worker-scaling reports it per send, docs/topologies.md what it means for N hosts).
   */
  readonly statementsRun: number;
  /** One statement in the dialect's own SQL (drizzle wrote it), inside the caller's transaction if any. */
  query(sql: string, params: unknown[], method: QueryMethod): Promise<QueryResult>;
  /**
   * Inserts rows, all or none, inside the caller's transaction or one of its own. Parents before children: a
   * table's rows may be written together where the table first appears (PostgreSQL does), so add every entry's
   * rows in the same table order.
   */
  insertRows(rows: readonly RowInsert[]): Promise<void>;
  /** Runs `body` in a transaction; `tx` is what `current()` hands to nested calls. */
  transaction<T>(tx: unknown, body: () => Promise<T>): Promise<T>;
  /** Runs `fn` (and the async work it starts) as part of no transaction, even when called from inside one. */
  detached<T>(fn: () => T): T;
  /** The drizzle transaction this async context is inside, if any. */
  current<T>(): T | undefined;
  /**
   * Calls `onNotice` whenever a committed transaction notifies `channel` (and once listening starts or starts
   * again); gives the function that stops. Only servers that notify have it (PostgreSQL): elsewhere, poll.
   */
  listen?(channel: string, onNotice: () => void): () => Promise<void>;
  close(): Promise<void>;
}
