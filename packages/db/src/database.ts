import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
} from 'drizzle-orm';
import { SQLiteAsyncDialect, type SQLiteTransaction } from 'drizzle-orm/sqlite-core';
import {
  SQLiteProxyTransaction,
  SQLiteRemoteSession,
  SqliteRemoteDatabase,
  type SqliteRemoteResult,
} from 'drizzle-orm/sqlite-proxy';
import type { Connection } from './connection.ts';
import { PostgresFlavouredDialect } from './postgres/dialect.ts';
import * as schema from './schema/index.ts';
import { SqliteConnection } from './sqlite/connection.ts';

type Schema = typeof schema;
type Relations = ExtractTablesWithRelations<Schema>;
/** What a transaction callback gets: the same query builders as `Db`, bound to the open transaction. */
export type Tx = SQLiteTransaction<'async', SqliteRemoteResult, Schema, Relations>;

/**
 * The database every piece of domain code gets: drizzle's asynchronous SQLite flavour (the `sqlite-proxy`
 * driver, whose queries come to a callback as SQL text and parameters) over our own connection, to a SQLite
 * file or to PostgreSQL. The query builders are the same for both: on PostgreSQL the dialect numbers its
 * parameters `$1, $2...` and the tables were created from the PostgreSQL twin of the schema (postgres/schema.ts),
 * so the SQL drizzle writes is valid there too (docs/data-layer.md "One schema, two servers"). Every query is
 * awaited; queries made through `db` inside a transaction's callback belong to that transaction (the
 * connection follows the async context), and a transaction inside one takes a savepoint.
 */
export class Database extends SqliteRemoteDatabase<Schema> {
  private readonly dialect: SQLiteAsyncDialect;
  private readonly remote: SQLiteRemoteSession<Schema, Relations>;
  private readonly relational: ReturnType<typeof relationalConfig>;

  constructor(readonly $connection: Connection) {
    const dialect =
      $connection.dialect === 'postgres' ? new PostgresFlavouredDialect() : new SQLiteAsyncDialect();
    const relational = relationalConfig();
    const session = new SQLiteRemoteSession<Schema, Relations>(
      (sql, params, method) => $connection.query(sql, params, method),
      dialect,
      relational,
    );
    super('async', dialect, session, relational);
    this.dialect = dialect;
    this.remote = session;
    this.relational = relational;
  }

  /** The SQLite driver's own handle, for tools and tests that read the file directly; domain code never needs it. */
  get $client() {
    if (!(this.$connection instanceof SqliteConnection)) throw new Error('$client is SQLite only');
    return this.$connection.sqlite;
  }

  /**
   * Starts background work that must not join the caller's transaction (a delivery pass kicked from a
   * request): its queries wait for the transaction to end like any other outside query.
   */
  detached<T>(fn: () => T): T {
    return this.$connection.detached(fn);
  }

  /**
   * Every transaction is serializable, as on SQLite (BEGIN IMMEDIATE there, SERIALIZABLE with retries on
   * PostgreSQL: see the connections); a nested one takes a savepoint.
   */
  override async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = this.$connection.current<Tx>();
    if (outer) return outer.transaction(fn);
    const tx = new SQLiteProxyTransaction<Schema, Relations>(
      'async',
      this.dialect,
      this.remote,
      this.relational,
    );
    return this.$connection.transaction(tx, () => fn(tx));
  }
}

function relationalConfig() {
  const { tables, tableNamesMap } = extractTablesRelationalConfig<Relations>(
    schema,
    createTableRelationsHelpers,
  );
  return { fullSchema: schema, schema: tables, tableNamesMap };
}

export type Db = Database;
