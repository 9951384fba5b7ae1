import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { afterAll, expect, it } from 'vitest';

// Migration 0002 on a database written before outbox payloads were sealed: finished emails lose their body
// (signing links, one-time codes); pending emails and webhook events are left for the outbox to handle.

const dir = tempDir('countersign-db-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MIGRATION = '0002_drop_sent_email_bodies';

it('drops the plaintext body of delivered and failed emails, keeping to, cc and subject', async () => {
  const db = await openDatabase(path.join(dir, 'countersign.db'));
  const sqlite = db.$client;
  try {
    const body = { text: 'Sign: https://sign.example.test/s/TOKEN', html: '<a>TOKEN</a>', fromName: 'Acme' };
    const insert = sqlite.prepare(
      'INSERT INTO outbox (id, kind, payload, created_at, available_at, delivered_at, failed_at) VALUES (?, ?, ?, 1, 1, ?, ?)',
    );
    const delivered = { to: ['a@example.test'], cc: ['c@example.test'], subject: 'Sign “Offer”', ...body };
    const failed = {
      to: ['b@example.test'],
      subject: 'Your verification code',
      text: 'Code: 123456',
      html: '',
    };
    const pending = { to: ['p@example.test'], subject: 'Later', ...body };
    const webhook = { endpointId: 'e1', event: { id: 'evt_1', type: 'session.signed' } };
    const sealed = { to: ['s@example.test'], subject: 'New', sealed: null };
    insert.run('delivered', 'email', JSON.stringify(delivered), 2, null);
    insert.run('failed', 'email', JSON.stringify(failed), null, 2);
    insert.run('pending', 'email', JSON.stringify(pending), null, null);
    insert.run('webhook', 'webhook', JSON.stringify(webhook), 2, null);
    insert.run('sealed', 'email', JSON.stringify(sealed), 2, null);

    // The migration's statements, as migrate() runs them (later migrations are already in place).
    const file = fs.readFileSync(path.join(import.meta.dirname, `../migrations/${MIGRATION}.sql`), 'utf8');
    for (const statement of file.split('--> statement-breakpoint'))
      if (statement.trim()) sqlite.exec(statement);

    const payloads = Object.fromEntries(
      (sqlite.prepare('SELECT id, payload FROM outbox').all() as { id: string; payload: string }[]).map(
        (r) => [r.id, JSON.parse(r.payload)],
      ),
    );
    expect(payloads).toEqual({
      delivered: { to: delivered.to, cc: delivered.cc, subject: delivered.subject, sealed: null },
      failed: { to: failed.to, subject: failed.subject, sealed: null },
      pending,
      webhook,
      sealed,
    });
    // The connection is back to the default.
    expect(sqlite.pragma('secure_delete', { simple: true })).toBe(0);
  } finally {
    sqlite.close();
  }
});
