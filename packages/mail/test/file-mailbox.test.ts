import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileMailbox, createMailer, MailRejectedError } from '../src/index.ts';
import { makeMessage, startTestSmtpServer } from '../src/testing.ts';

let root: string;
let n = 0;
const freshDir = () => join(root, `box-${n++}`);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'countersign-mail-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createFileMailbox', () => {
  it('lists newest first and filters by a "to" address, case-insensitively', async () => {
    const box = createFileMailbox(freshDir());
    const first = makeMessage({ to: ['alice@example.test'], subject: 'first' });
    const second = makeMessage({ to: ['bob@example.test'], cc: ['alice@example.test'], subject: 'second' });
    const third = makeMessage({ to: ['Alice@Example.test', 'carol@example.test'], subject: 'third' });
    for (const m of [first, second, third]) await box.send(m);

    expect((await box.list()).map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    expect((await box.list({ to: 'alice@example.test' })).map((m) => m.subject)).toEqual(['third', 'first']);
    expect(await box.list({ to: 'nobody@example.test' })).toEqual([]);
  });

  it('keeps one copy per messageId', async () => {
    const dir = freshDir();
    const box = createFileMailbox(dir);
    const msg = makeMessage();
    await box.send(msg);
    await box.send({ ...msg, subject: 'retried' });
    const raced = makeMessage();
    await Promise.all([box.send(raced), box.send(raced), box.send(raced)]);

    const listed = await box.list();
    expect(listed.map((m) => m.messageId).sort()).toEqual([msg.messageId, raced.messageId].sort());
    expect(listed.find((m) => m.messageId === msg.messageId)?.subject).toBe(msg.subject);
    // Exactly one .eml and one .json per message, no temp files left behind.
    const files = await readdir(dir);
    expect(files.sort()).toEqual(listed.flatMap((m) => [`${m.id}.eml`, `${m.id}.json`]).sort());
  });

  it('stores a .eml that mailparser reads back, and the stored fields', async () => {
    const box = createFileMailbox(freshDir());
    const msg = makeMessage({
      cc: ['cc@example.test'],
      replyTo: 'owner@example.test',
      attachments: [
        { filename: 'signed.pdf', content: new Uint8Array([1, 2, 3, 250]), contentType: 'application/pdf' },
      ],
    });
    await box.send(msg);

    const [stored] = await box.list();
    expect(stored).toMatchObject({
      messageId: msg.messageId,
      from: msg.from,
      to: msg.to,
      cc: ['cc@example.test'],
      replyTo: 'owner@example.test',
      subject: msg.subject,
      text: msg.text,
      html: msg.html,
      attachmentNames: ['signed.pdf'],
    });
    expect(Number.isNaN(Date.parse(stored?.date ?? ''))).toBe(false);
    expect(await box.read(stored?.id ?? '')).toEqual(stored);
    expect(await box.read('../../etc/passwd')).toBeNull();

    expect(await box.eml('../../etc/passwd')).toBeNull();
    const parsed = await simpleParser(Buffer.from((await box.eml(stored?.id ?? '')) ?? []));
    expect(parsed.messageId).toBe(msg.messageId);
    expect(parsed.subject).toBe(msg.subject);
    expect(parsed.html).toContain('href="https://countersign.test/s/abc"');
    expect(parsed.attachments[0]?.filename).toBe('signed.pdf');
    expect(new Uint8Array(parsed.attachments[0]?.content ?? [])).toEqual(new Uint8Array([1, 2, 3, 250]));
  });

  it('forgets messages by messageId, both files, skipping ids it never held', async () => {
    const dir = freshDir();
    const box = createFileMailbox(dir);
    const [kept, gone] = [makeMessage({ subject: 'kept' }), makeMessage({ subject: 'gone' })];
    for (const m of [kept, gone]) await box.send(m);
    const goneId = (await box.list()).find((m) => m.subject === 'gone')!.id;
    await box.forget([gone.messageId, makeMessage().messageId]);
    expect((await box.list()).map((m) => m.subject)).toEqual(['kept']);
    expect(await box.read(goneId)).toBeNull();
    expect(await box.eml(goneId)).toBeNull();
    expect((await readdir(dir)).some((f) => f.startsWith(goneId))).toBe(false);
  });

  it('reads messages stored before the database mailbox, without the path they named', async () => {
    const dir = freshDir();
    const box = createFileMailbox(dir);
    await box.send(makeMessage());
    const [stored] = await box.list();
    const file = join(dir, `${stored!.id}.json`);
    await writeFile(file, JSON.stringify({ ...stored, emlPath: join(dir, `${stored!.id}.eml`) }));
    expect(await box.list()).toEqual([stored]);
  });

  it('lists nothing for a directory that does not exist yet, and validates messages', async () => {
    const box = createFileMailbox(freshDir());
    expect(await box.list()).toEqual([]);
    await expect(box.send(makeMessage({ to: [] }))).rejects.toBeInstanceOf(MailRejectedError);
  });
});

describe('createMailer', () => {
  it('uses the dev mailbox without an SMTP URL (blank counts as none)', async () => {
    const dir = freshDir();
    const mailer = createMailer({ smtpUrl: '  ', devMailbox: createFileMailbox(dir) });
    const msg = makeMessage();
    await mailer.send(msg);
    expect((await createFileMailbox(dir).list()).map((m) => m.messageId)).toEqual([msg.messageId]);
  });

  it('uses SMTP when a URL is given', async () => {
    const smtp = await startTestSmtpServer();
    const dir = freshDir();
    const mailer = createMailer({ smtpUrl: smtp.url, devMailbox: createFileMailbox(dir) });
    const msg = makeMessage();
    await mailer.send(msg);
    await smtp.waitFor((m) => m.messageId === msg.messageId);
    await mailer.close();
    await smtp.close();
    expect(await createFileMailbox(dir).list()).toEqual([]);
  });
});
