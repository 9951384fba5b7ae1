import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { PoolClient } from 'pg';
import { termsOfNames } from './search-terms.ts';

/**
 * The data step of the migration that adds `session_terms`: the sessions that existed before it get their
 * recipients' name terms, folded by the same rule as new ones (search-terms.ts), which SQL cannot spell. It
 * runs inside the migration's transaction, right after the table is made, in keyset chunks so memory stays flat
 * on a large database. Purged sessions are skipped: their names are placeholders.
 */
export const SESSION_TERMS_MIGRATION = { sqlite: '0025_session_terms', postgres: '0011_session_terms' };

const CHUNK = 2_000;

interface NamesRow {
  id: string;
  account_id: string;
  names: string;
}

/** `names` joins a session's names with a character no name holds apart from words: a newline. */
const termRows = (rows: NamesRow[]) =>
  rows.flatMap((r) => termsOfNames(r.names.split('\n')).map((term) => [r.id, term, r.account_id]));

export function backfillSessionTermsSqlite(sqlite: BetterSqlite3.Database): void {
  const chunk = sqlite.prepare(
    `SELECT s.id, s.account_id, group_concat(p.name, char(10)) AS names
       FROM sessions s JOIN participants p ON p.session_id = s.id
      WHERE s.id > ? AND s.purged_at IS NULL
      GROUP BY s.id ORDER BY s.id LIMIT ${CHUNK}`,
  );
  const insert = sqlite.prepare('INSERT INTO session_terms (session_id, term, account_id) VALUES (?, ?, ?)');
  let after = '';
  for (;;) {
    const rows = chunk.all(after) as NamesRow[];
    for (const row of termRows(rows)) insert.run(...row);
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function backfillSessionTermsPostgres(client: PoolClient): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await client.query<NamesRow>(
      `SELECT s.id, s.account_id, string_agg(p.name, E'\\n') AS names
         FROM sessions s JOIN participants p ON p.session_id = s.id
        WHERE s.id > $1 AND s.purged_at IS NULL
        GROUP BY s.id ORDER BY s.id LIMIT ${CHUNK}`,
      [after],
    );
    const values = termRows(rows);
    // Three array parameters whatever the count: a multi-row VALUES list could pass PostgreSQL's parameter limit.
    await client.query(
      'INSERT INTO session_terms (session_id, term, account_id) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])',
      [values.map((v) => v[0]), values.map((v) => v[1]), values.map((v) => v[2])],
    );
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** When (drizzle's `folderMillis`) the journal in `migrationsDir` dates the migration tagged `tag`. */
export function migrationTime(migrationsDir: string, tag: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const entry = journal.entries.find((e) => e.tag === tag);
  if (!entry) throw new Error(`migration ${tag} is not in the journal`);
  return entry.when;
}
