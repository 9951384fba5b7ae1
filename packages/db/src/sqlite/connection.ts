import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';
import type { Connection, QueryMethod, QueryResult, RowInsert } from '../connection.ts';
import { type BusyWaitObserver, isBusy, untilFree } from './busy.ts';
import { StatementCache } from './statements.ts';

/** One open transaction: whose async context it is, and the drizzle transaction nested ones take savepoints on. */
interface OpenTransaction {
  tx?: unknown;
}

/**
 * The process's one SQLite connection, wrapped (never patched): statements compiled once and reused, lock
 * waits retried on timers, and transactions that other async work cannot wander into.
 *
 * One connection serves every request of the process, so while a transaction is open, anything run on the
 * connection would become part of it. The rule here: a transaction holds the connection from BEGIN to COMMIT;
 * a query belongs to it when it runs in the transaction's async context (AsyncLocalStorage), and every other
 * query waits until it ends. Transactions of the process take turns (an in-process mutex), and every one
 * begins IMMEDIATE: it takes the write lock before its first statement, so it never meets another process's
 * lock in the middle, where waiting is impossible. Hence the rule in docs/data-layer.md: only database work
 * inside a transaction, since everything else on the connection waits for it.
 */
export class SqliteConnection implements Connection {
  readonly dialect = 'sqlite';
  readonly sqlite: Database.Database;
  statementsRun = 0;
  private readonly statements: StatementCache;
  private readonly scope = new AsyncLocalStorage<OpenTransaction>();
  /** The transaction the connection is in, if any. */
  private open: OpenTransaction | null = null;
  /** Resolves when `open` ends; queries from other contexts wait on it. */
  private ended: Promise<void> = Promise.resolve();
  /** The turn of the last transaction to ask: each waits for the one before. */
  private turn: Promise<void> = Promise.resolve();

  constructor(
    file: string,
    readonly busyTimeoutMs: number,
    private readonly onBusyWait?: BusyWaitObserver,
  ) {
    this.sqlite = new Database(file);
    // We wait for locks ourselves (busy.ts), asynchronously; SQLite's own handler would block the thread.
    this.sqlite.pragma('busy_timeout = 0');
    this.statements = new StatementCache(this.sqlite);
  }

  /**
   * Runs one statement: at once when no transaction is open (or this is its own), else after it ends. Not an
   * async function: a read outside a transaction, the common case, costs one settled promise and no more.
   */
  query(sql: string, params: unknown[], method: QueryMethod): Promise<QueryResult> {
    if (this.open !== null) return this.queryAround(sql, params, method);
    try {
      return Promise.resolve(this.execute(sql, params, method));
    } catch (err) {
      // Autocommit: the statement either happened or not, so another attempt is safe.
      if (!isBusy(err)) return Promise.reject(err);
      return untilFree(() => this.execute(sql, params, method), this.busyTimeoutMs, this.onBusyWait);
    }
  }

  /** A statement while a transaction is open: part of it in its async context, else after it ends. */
  private async queryAround(sql: string, params: unknown[], method: QueryMethod): Promise<QueryResult> {
    while (this.open !== null) {
      if (this.scope.getStore() === this.open) return this.execute(sql, params, method);
      await this.ended;
    }
    return this.query(sql, params, method);
  }

  /**
   * Inserts rows in order, all or none: inside the caller's transaction, or in one of its own. One call for
   * thousands of rows (a bulk send), so the rows cost no promise each: one compiled single-row INSERT per
   * table, run in a synchronous loop (SQLite spends less on a row than a multi-row statement saves).
   */
  async insertRows(rows: readonly RowInsert[]): Promise<void> {
    const runAll = () => {
      for (const r of rows) this.execute(insertSql(r), r.values, 'run');
    };
    if (this.open !== null && this.scope.getStore() === this.open) return runAll();
    await this.transaction(undefined, async () => runAll());
  }

  /** Runs `fn` (and the async work it starts) as part of no transaction, even when called from inside one. */
  detached<T>(fn: () => T): T {
    return this.scope.exit(fn);
  }

  /** The drizzle transaction this async context is inside, if any (nested calls take savepoints on it). */
  current<T>(): T | undefined {
    const store = this.scope.getStore();
    return store !== undefined && store === this.open ? (store.tx as T) : undefined;
  }

  /**
   * Runs `body` inside BEGIN IMMEDIATE ... COMMIT (ROLLBACK when it throws), after every transaction of this
   * process that asked before; `tx` is what `current()` hands to nested calls.
   */
  async transaction<T>(tx: unknown, body: () => Promise<T>): Promise<T> {
    const previous = this.turn;
    let done!: () => void;
    this.turn = new Promise<void>((resolve) => (done = resolve));
    await previous;
    try {
      // BEGIN waits for another process's lock like an autocommit statement: nothing of the body has run.
      await this.begin();
      const state: OpenTransaction = { tx };
      let ended!: () => void;
      this.ended = new Promise<void>((resolve) => (ended = resolve));
      this.open = state;
      try {
        const result = await this.scope.run(state, body);
        this.control('COMMIT');
        return result;
      } catch (err) {
        if (this.sqlite.inTransaction) this.control('ROLLBACK');
        throw err;
      } finally {
        this.open = null;
        // Nothing needs the scope until the next transaction's run() turns it on again. While on, Node 20 and 22
        // run a hook on every promise of the process: a profile of repeated cancels (reads only) found it in
        // about a tenth of the API's CPU. A stale context that queries later finds no store, so it waits.
        this.scope.disable();
        ended();
      }
    } finally {
      done();
    }
  }

  private async begin(): Promise<void> {
    try {
      this.control('BEGIN IMMEDIATE');
    } catch (err) {
      if (!isBusy(err)) throw err;
      await untilFree(() => this.control('BEGIN IMMEDIATE'), this.busyTimeoutMs, this.onBusyWait);
    }
  }

  /** Transaction control, counted once it ran (a BEGIN that met the lock is tried again). */
  private control(sql: string): void {
    this.sqlite.exec(sql);
    this.statementsRun++;
  }

  private execute(sql: string, params: unknown[], method: QueryMethod): QueryResult {
    this.statementsRun++;
    const statement = this.statements.get(sql);
    if (!statement.reader) return { rows: [], changes: statement.run(params).changes };
    if (method === 'get') return { rows: statement.get(params) as unknown[] };
    return { rows: statement.all(params) };
  }

  async close(): Promise<void> {
    this.sqlite.close();
  }
}

/** The single-row INSERT for a column list, written once per list (RowBatch hands the same array every time). */
const insertSqlByColumns = new WeakMap<readonly string[], string>();

function insertSql({ table, columns }: RowInsert): string {
  let sql = insertSqlByColumns.get(columns);
  if (sql === undefined) {
    const names = columns.map((c) => `"${c}"`).join(', ');
    sql = `insert into "${table}" (${names}) values (${columns.map(() => '?').join(', ')})`;
    insertSqlByColumns.set(columns, sql);
  }
  return sql;
}
