import fs from 'node:fs';
import path from 'node:path';
import { devMailbox } from '@countersign/core';
import { devMail } from '@countersign/db';
import { MailRejectedError } from '@countersign/mail';
import { makeMessage } from '@countersign/mail/testing';
import { describe, expect, it } from 'vitest';
import { createDatabaseMailbox } from '../src/mail/database-mailbox.ts';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// The dev mailbox kept in the database (what every host uses on PostgreSQL): the file mailbox's promises, held
// on both servers, and shared by every runtime on one database.

describe.each(['sqlite', 'postgres'] as const)('the database mailbox on %s', (dialect) => {
  const runtime = async () =>
    await testRuntime(dialect === 'postgres' ? await postgresDatabase() : undefined);

  it('lists newest first, filters by a "to" address case-insensitively, reads one and its raw message', async () => {
    const box = createDatabaseMailbox((await runtime()).ctx.db);
    const first = makeMessage({ to: ['alice@example.test'], subject: 'first' });
    const second = makeMessage({ to: ['bob@example.test'], cc: ['alice@example.test'], subject: 'second' });
    const third = makeMessage({
      to: ['Alice@Example.test', 'carol@example.test'],
      subject: 'third',
      replyTo: 'owner@example.test',
      attachments: [
        { filename: 'signed.pdf', content: new Uint8Array([1, 2, 3, 250]), contentType: 'application/pdf' },
      ],
    });
    for (const m of [first, second, third]) await box.send(m);

    expect((await box.list()).map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect((await box.list({ to: 'alice@example.test' })).map((m) => m.subject)).toEqual(['third', 'first']);
    expect(await box.list({ to: 'nobody@example.test' })).toEqual([]);

    const [stored] = await box.list();
    expect(stored).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      messageId: third.messageId,
      date: expect.any(String),
      from: third.from,
      to: third.to,
      cc: [],
      replyTo: 'owner@example.test',
      subject: 'third',
      text: third.text,
      html: third.html,
      attachmentNames: ['signed.pdf'],
    });
    expect(await box.read(stored!.id)).toEqual(stored);
    const eml = Buffer.from((await box.eml(stored!.id)) ?? []).toString('latin1');
    expect(eml).toContain(`Message-ID: ${third.messageId}`);
    expect(eml).toContain('Subject: third');
    expect(eml).toContain(Buffer.from([1, 2, 3, 250]).toString('base64'));
    expect(await box.read('../../etc/passwd')).toBeNull();
    expect(await box.eml('0'.repeat(32))).toBeNull();
  });

  it('keeps one copy per messageId, also when sends race', async () => {
    const box = createDatabaseMailbox((await runtime()).ctx.db);
    const msg = makeMessage();
    await box.send(msg);
    await box.send({ ...msg, subject: 'retried' });
    const raced = makeMessage();
    await Promise.all([box.send(raced), box.send(raced), box.send(raced)]);
    const listed = await box.list();
    expect(listed.map((m) => m.messageId).sort()).toEqual([msg.messageId, raced.messageId].sort());
    expect(listed.find((m) => m.messageId === msg.messageId)?.subject).toBe(msg.subject);
  });

  it('forgets messages by messageId, skipping ids it never held, and validates messages', async () => {
    const r = await runtime();
    const box = createDatabaseMailbox(r.ctx.db);
    const [kept, gone] = [makeMessage({ subject: 'kept' }), makeMessage({ subject: 'gone' })];
    for (const m of [kept, gone]) await box.send(m);
    await box.forget([gone.messageId, makeMessage().messageId]);
    await box.forget([]);
    expect((await box.list()).map((m) => m.subject)).toEqual(['kept']);
    expect(await r.ctx.db.$count(devMail)).toBe(1);
    await expect(box.send(makeMessage({ to: [] }))).rejects.toBeInstanceOf(MailRejectedError);
  });
});

describe('the dev mailbox of a deployment', () => {
  it('is kept in the database on PostgreSQL, and under DATA_DIR/mailbox on SQLite', async () => {
    for (const r of [await testRuntime(await postgresDatabase()), await testRuntime()]) {
      await r.mailer.send(makeMessage({ subject: 'where' })); // no SMTP_URL: the runtime's mailer is the mailbox
      expect((await devMailbox(r.ctx).list()).map((m) => m.subject)).toEqual(['where']);
      const rows = await r.ctx.db.$count(devMail);
      const files = fs.existsSync(path.join(r.ctx.config.dataDir, 'mailbox'));
      expect({ rows, files }).toEqual(
        r.ctx.db.$connection.dialect === 'postgres' ? { rows: 1, files: false } : { rows: 0, files: true },
      );
    }
  });

  it('is one mailbox for every runtime on the same PostgreSQL, each with a DATA_DIR of its own', async () => {
    const database = await postgresDatabase();
    const [sender, reader] = [await testRuntime(database), await testRuntime(database)];
    const sent = makeMessage({ to: ['shared@example.test'] });
    await sender.mailer.send(sent);
    const listed = await devMailbox(reader.ctx).list({ to: 'shared@example.test' });
    expect(listed.map((m) => m.messageId)).toEqual([sent.messageId]);
    await devMailbox(reader.ctx).forget([sent.messageId]);
    expect(await devMailbox(sender.ctx).list()).toEqual([]);
  });
});
