import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Connection, QueryMethod, QueryResult, RowInsert } from '../connection.ts';
import { isSerializationConflict } from '../errors.ts';
import { listenOn } from './listener.ts';

/** One open transaction: its pooled client, and the drizzle transaction nested ones take savepoints on. */
interface OpenTransaction {
  client: pg.PoolClient;
  tx: unknown;
  /** Its queries, one after another (a client runs one at a time; pg 9 refuses a second one in flight). */
  tail: Promise<unknown>;
  /** Its body returned or threw: the client is about to commit or roll back, then serves others. */
  ended: boolean;
}

/** PostgreSQL's limit on one statement's parameters; a multi-row insert is cut below it. */
const MAX_PARAMS = 65_535;
/** Distinct statements a process prepares by name; the domain has a few hundred. */
const MAX_NAMED = 2_000;
/** Statements with more parameters than this are bulk inserts of one-off shapes: left unnamed. */
const MAX_NAMED_PARAMS = 64;
/** A serialization failure (or deadlock) is retried this many times before it reaches the caller. */
const MAX_ATTEMPTS = 10;

/**
 * Every integer column is `bigint` (times are milliseconds since the epoch) and `count(*)` is one too; node-pg
 * hands those back as strings. Ours all fit in a double, as they do on SQLite, so they come back as numbers.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  },
};

export interface PgConnectionOptions {
  /** Pooled connections of this process (node-pg's `max`). */
  poolSize?: number;
  /** How long a query may wait for a pooled connection, or for the server to accept one, before failing. */
  connectTimeoutMs?: number;
}

/**
 * A pool of PostgreSQL connections behind the same contract as SqliteConnection. A transaction has a pooled
 * client of its own from BEGIN to COMMIT; queries in its async context run on that client, every other query
 * on any free one, so unlike SQLite nothing waits for another transaction in this process.
 *
 * Transactions are SERIALIZABLE: the domain was written against SQLite, where a transaction never sees
 * another's writes halfway, and PostgreSQL keeps that promise by aborting one of two conflicting
 * transactions (40001). The loser runs again from the start, which is safe because a transaction body holds
 * only database work (docs/data-layer.md "The rule").
 */
export class PgConnection implements Connection {
  readonly dialect = 'postgres';
  readonly pool: pg.Pool;
  statementsRun = 0;
  private readonly scope = new AsyncLocalStorage<OpenTransaction>();
  /** SQL text -> the name it is prepared under (see statementName). */
  private readonly names = new Map<string, string>();
  /** Transactions under way in this process: the scope is on only while there is one (see transaction). */
  private openTransactions = 0;

  constructor(
    private readonly url: string,
    options: PgConnectionOptions = {},
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      types,
    });
    // An idle client whose server went away (a restart) is dropped by the pool; the next query gets a new one.
    this.pool.on('error', () => {});
  }

  async query(sql: string, params: unknown[], method: QueryMethod): Promise<QueryResult> {
    const open = this.scope.getStore();
    const config = {
      text: sql,
      values: params,
      rowMode: 'array' as const,
      name: this.statementName(sql, params.length),
    };
    let result: pg.QueryResult<unknown[]>;
    this.statementsRun++;
    if (open) {
      // A query started in a transaction's body but not awaited by it must not run on the client once given
      // back (inside whichever transaction took it next): it fails, loudly.
      if (open.ended) throw new Error(`a query outlived its transaction (await it in the body): ${sql}`);
      const run = open.tail.then(() => open.client.query(config));
      open.tail = run.catch(() => {});
      result = await run;
    } else {
      result = await this.pool.query(config);
    }
    if (method === 'get') return { rows: result.rows[0] as unknown[] };
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  }

  /**
   * The name a statement is prepared under, once per pooled connection: the server then parses and plans it
   * once instead of on every call, most of what a one-row lookup costs it. Bulk inserts (many parameters, a
   * shape per row count) stay unnamed, and so does everything past MAX_NAMED distinct statements.
   */
  private statementName(sql: string, paramCount: number): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < MAX_NAMED && paramCount <= MAX_NAMED_PARAMS) {
      name = `cs${this.names.size}`;
      this.names.set(sql, name);
    }
    return name;
  }

  /**
   * Rows of the same table and columns become one multi-row INSERT (cut below the parameter limit), table by
   * table (tableByTable): a round trip per statement is what a bulk write pays on a server, not the rows.
   */
  async insertRows(batch: readonly RowInsert[]): Promise<void> {
    const rows = tableByTable(batch);
    const runAll = async () => {
      let i = 0;
      while (i < rows.length) {
        const first = rows[i]!;
        const perStatement = Math.max(1, Math.floor(MAX_PARAMS / first.columns.length));
        let j = i + 1;
        while (j < rows.length && j - i < perStatement && rows[j]!.columns === first.columns) j++;
        await this.query(
          multiRowInsert(first, j - i),
          rows.slice(i, j).flatMap((r) => r.values),
          'run',
        );
        i = j;
      }
    };
    if (this.scope.getStore()) return runAll();
    await this.transaction(undefined, runAll);
  }

  detached<T>(fn: () => T): T {
    return this.scope.exit(fn);
  }

  current<T>(): T | undefined {
    return this.scope.getStore()?.tx as T | undefined;
  }

  listen(channel: string, onNotice: () => void): () => Promise<void> {
    return listenOn(this.url, channel, onNotice);
  }

  async transaction<T>(tx: unknown, body: () => Promise<T>): Promise<T> {
    // The loser of a conflict runs again on the client it has: back in the pool's queue, behind every request
    // that arrived since, its wait would grow with the load (that was the PostgreSQL cancel bench's tail).
    this.openTransactions++;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      this.closeScope();
      throw err;
    }
    let broken: Error | undefined;
    // A server that goes away mid-transaction makes the checked-out client emit 'error' (the pool only
    // listens to idle ones): unheard, it would end the process. The query under way fails with it anyway.
    const dropped = (err: Error) => {
      broken = err;
    };
    client.on('error', dropped);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.attempt(client, tx, body);
        } catch (err) {
          try {
            await this.control(client, 'ROLLBACK');
          } catch (rollbackFailed) {
            // The connection itself failed: give it back to be destroyed, not reused.
            broken = rollbackFailed as Error;
          }
          if (broken || attempt >= MAX_ATTEMPTS || !isSerializationConflict(err)) throw err;
        }
        // Both losers of a conflict must not meet again at once: a short random wait, longer each time.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt));
      }
    } finally {
      client.off('error', dropped);
      client.release(broken);
      this.closeScope();
    }
  }

  /**
   * A transaction ended: with none left, the scope turns off until the next one's run() turns it on again.
   * While on, Node 20 and 22 run a hook on every promise of the process, and allocate for each: a profile of
   * repeated cancels on PostgreSQL found the hook in a tenth of all allocations. A context left over from an
   * ended transaction finds no store then, and runs its queries on the pool like any other context.
   */
  private closeScope(): void {
    if (--this.openTransactions === 0) this.scope.disable();
  }

  /** One run of a transaction's body between BEGIN and COMMIT on `client`. */
  private async attempt<T>(client: pg.PoolClient, tx: unknown, body: () => Promise<T>): Promise<T> {
    await this.control(client, 'BEGIN ISOLATION LEVEL SERIALIZABLE');
    const open: OpenTransaction = { client, tx, tail: Promise.resolve(), ended: false };
    let result: T;
    try {
      result = await this.scope.run(open, body);
    } finally {
      // From here on the body's context may not start queries; those it queued still run first.
      open.ended = true;
      await open.tail;
    }
    await this.control(client, 'COMMIT');
    return result;
  }

  /** Transaction control on a transaction's client, counted with the statements. */
  private async control(client: pg.PoolClient, sql: string): Promise<void> {
    this.statementsRun++;
    await client.query(sql);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The rows regrouped table by table (by column list), each table where it first appears, keeping the order
 * within it: a bulk send adds each entry's rows in the same order, parents first (session, documents,
 * participants, values, audit event), so every table still follows the tables its rows point at, and 1,000
 * entries become a few multi-row INSERTs instead of 5,000 one-row ones.
 */
function tableByTable(rows: readonly RowInsert[]): RowInsert[] {
  const tables = new Map<readonly string[], RowInsert[]>();
  for (const row of rows) {
    const same = tables.get(row.columns);
    if (same) same.push(row);
    else tables.set(row.columns, [row]);
  }
  return [...tables.values()].flat();
}

function multiRowInsert({ table, columns }: RowInsert, rowCount: number): string {
  const names = columns.map((c) => `"${c}"`).join(', ');
  const tuples: string[] = new Array(rowCount);
  let n = 0;
  for (let r = 0; r < rowCount; r++) tuples[r] = `(${columns.map(() => `$${++n}`).join(', ')})`;
  return `insert into "${table}" (${names}) values ${tuples.join(', ')}`;
}
