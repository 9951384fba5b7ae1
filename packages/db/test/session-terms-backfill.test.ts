import fs from 'node:fs';
import path from 'node:path';
import { closeDatabase, type Db, openDatabase } from '@countersign/db';
import { createTestDatabase, tempDir } from '@countersign/test-support';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PgConnection } from '../src/postgres/connection.ts';
import {
  backfillSessionTermsPostgres,
  backfillSessionTermsSqlite,
  migrationTime,
  SESSION_TERMS_MIGRATION,
} from '../src/session-terms-backfill.ts';

// The data step of the migration that adds the recipient search's terms (SQLite 0025, PostgreSQL 0011), on
// sessions written without terms (as before it): every session gets the folded words of its recipients' names,
// in chunks (more sessions than one chunk here), purged sessions none (their names are placeholders). The
// migrators run the step after the migration the journal names: the names resolve to the files that make the
// table. (Replaying the migration itself would need every later one undone first.)

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const SESSIONS = 2_100; // more than one chunk of the data step

const dialects: [string, string, () => Promise<string>][] = [
  ['sqlite', 'migrations', async () => path.join(tempDir('countersign-db-'), 'countersign.db')],
  [
    'postgres',
    'migrations-postgres',
    async () => {
      const target = await createTestDatabase();
      cleanups.push(() => target.drop());
      return target.url;
    },
  ],
];

describe.each(dialects)('the session terms migration on %s', (dialect, folder, location) => {
  it('names a migration that makes the table', () => {
    const dir = path.join(import.meta.dirname, '..', folder);
    const tag = SESSION_TERMS_MIGRATION[dialect as 'sqlite' | 'postgres'];
    expect(migrationTime(dir, tag)).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8')).toMatch(
      /CREATE TABLE [`"]session_terms[`"]/,
    );
  });

  it('indexes the names of the sessions written before it', async () => {
    const db: Db = await openDatabase(await location());
    cleanups.push(() => closeDatabase(db));
    await db.run(sql`INSERT INTO accounts (id, name, email, created_at) VALUES ('a1', 'A', 'a@x.test', 1)`);
    const session = (id: string, purgedAt: number | null) =>
      sql`INSERT INTO sessions (id, account_id, source, send_job_id, row_index, title, status, signing_type, auth_requirement, notify, options, expires_at, created_at, updated_at, purged_at)
          VALUES (${id}, 'a1', 'own_pdf', ${id}, 0, 'T', 'active', 'parallel', 'public', 0, '{}', 9, 1, 1, ${purgedAt})`;
    const person = (sessionId: string, position: number, name: string) =>
      sql`INSERT INTO participants (id, session_id, position, signing_order, name, email, status, link_token_hash, link_token_encrypted, invite_status)
          VALUES (${`${sessionId}.${position}`}, ${sessionId}, ${position}, 1, ${name}, 'p@x.test', 'notified', ${`${sessionId}.${position}`}, 'x', 'skipped')`;
    await db.transaction(async () => {
      for (let i = 0; i < SESSIONS; i++) {
        const id = `s${String(i).padStart(5, '0')}`;
        await db.run(session(id, null));
        await db.run(person(id, 0, `Signer ${i}`));
      }
      await db.run(session('accents', null));
      await db.run(person('accents', 0, 'José Müller-Lüdenscheidt'));
      await db.run(person('accents', 1, "Ada O'Brien"));
      await db.run(session('purged', 5));
      await db.run(person('purged', 0, 'Signer 1'));
    });
    if (db.$connection.dialect === 'postgres') {
      const client = await (db.$connection as PgConnection).pool.connect();
      try {
        await backfillSessionTermsPostgres(client);
      } finally {
        client.release();
      }
    } else {
      backfillSessionTermsSqlite(db.$client);
    }
    const terms = async (sessionId: string) =>
      (
        await db.all<[string, string]>(
          sql`SELECT term, account_id FROM session_terms WHERE session_id = ${sessionId} ORDER BY term`,
        )
      ).map(([term, account]) => `${account}:${term}`);
    expect(await terms('accents')).toEqual(
      ['a1:ada', 'a1:brien', 'a1:jose', 'a1:ludenscheidt', 'a1:muller', 'a1:o'].sort(),
    );
    expect(await terms('s02099')).toEqual(['a1:2099', 'a1:signer']);
    expect(await terms('purged')).toEqual([]);
    const counted = await db.all<[number]>(sql`SELECT count(*) FROM session_terms`);
    expect(Number(counted[0]![0])).toBe(SESSIONS * 2 + 6);
  }, 120_000);
});
