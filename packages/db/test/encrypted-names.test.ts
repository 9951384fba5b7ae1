import fs from 'node:fs';
import path from 'node:path';
import { closeDatabase, type Db, openDatabase } from '@countersign/db';
import { createTestDatabase, tempDir } from '@countersign/test-support';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// The migration that keeps "seal" for the PAdES seal (SQLite 0016, PostgreSQL 0001), on a database written
// before it: the participants' link token column and the outbox payload key holding data-key output are
// renamed "encrypted", every value unchanged.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const dialects: [string, string, () => Promise<Db>][] = [
  [
    'sqlite',
    'migrations/0016_encrypted_names.sql',
    async () => openDatabase(path.join(tempDir('countersign-db-'), 'countersign.db')),
  ],
  [
    'postgres',
    'migrations-postgres/0001_encrypted_names.sql',
    async () => {
      const target = await createTestDatabase();
      cleanups.push(() => target.drop());
      return openDatabase(target.url);
    },
  ],
];

// Raw statements through drizzle's SQLite flavour come back as arrays of values, in the order selected.
const participantColumns = async (db: Db) =>
  (
    await db.all<[string]>(
      db.$connection.dialect === 'postgres'
        ? sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'participants'`
        : sql`SELECT name FROM pragma_table_info('participants')`,
    )
  ).map(([name]) => name);

describe.each(dialects)('the encrypted names migration on %s', (_name, file, open) => {
  it('renames the link token column and the outbox key, keeping every value and the readable fields', async () => {
    const db = await open();
    cleanups.push(() => closeDatabase(db));
    // Back to the names before the migration (it is already in place), then rows as they were written.
    await db.run(sql`ALTER TABLE participants RENAME COLUMN link_token_encrypted TO link_token_sealed`);
    const rows = {
      pending: { to: ['p@example.test'], subject: 'Sign', sealed: 'v1.iv.tag.body' },
      dropped: { to: ['d@example.test'], subject: 'Sent', sealed: null },
      webhook: { endpointId: 'e1', sessionId: 's1', sealed: 'v1.a.b.c' },
      plaintext: { to: ['old@example.test'], subject: 'Before encryption', text: 'Code: 123456' },
    };
    for (const [id, payload] of Object.entries(rows)) {
      const kind = id === 'webhook' ? 'webhook' : 'email';
      await db.run(
        sql`INSERT INTO outbox (id, kind, payload, created_at, available_at) VALUES (${id}, ${kind}, ${JSON.stringify(payload)}, 1, 1)`,
      );
    }

    const text = fs.readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint'))
      if (statement.trim()) await db.run(sql.raw(statement));

    const columns = await participantColumns(db);
    expect(columns).toContain('link_token_encrypted');
    expect(columns).not.toContain('link_token_sealed');
    const stored = await db.all<[string, string]>(sql`SELECT id, payload FROM outbox`);
    expect(Object.fromEntries(stored.map(([id, payload]) => [id, JSON.parse(payload)]))).toEqual({
      pending: { to: ['p@example.test'], subject: 'Sign', encrypted: 'v1.iv.tag.body' },
      dropped: { to: ['d@example.test'], subject: 'Sent', encrypted: null },
      webhook: { endpointId: 'e1', sessionId: 's1', encrypted: 'v1.a.b.c' },
      plaintext: rows.plaintext,
    });
  });
});
