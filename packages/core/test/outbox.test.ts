import fs from 'node:fs';
import { loadConfig } from '@countersign/config';
import {
  addToOutbox,
  createRuntime,
  databaseFile,
  devMailbox,
  getOutboxRow,
  ManualClock,
  messageIdFor,
  queueEmail,
  type Runtime,
} from '@countersign/core';
import { outbox } from '@countersign/db';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { freePort, tempDir } from '@countersign/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliverer } from '../src/outbox/email.ts';
import { claimOutbox, markDelivered } from '../src/outbox/outbox.ts';

const HOST = 'sign.example.test';
const SECOND = 1000;

/** Healthy server: where mail ends up once delivery works. */
let smtp: TestSmtpServer;
/** A server that refuses some recipients (451 / 550 rules per test). */
let picky: TestSmtpServer;
/** A loopback port nobody listens on: "the mail server is down". */
let deadSmtpUrl: string;

beforeAll(async () => {
  [smtp, picky] = await Promise.all([startTestSmtpServer(), startTestSmtpServer()]);
  deadSmtpUrl = `smtp://127.0.0.1:${await freePort()}`;
});
afterAll(async () => {
  await Promise.all([smtp.close(), picky.close()]);
});

const opened: Runtime[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((r) => r.close()));
});

/** A runtime on `dataDir` (fresh by default); several may share one DATA_DIR like several processes. */
async function runtime(options: {
  clock: ManualClock;
  smtpUrl?: string;
  dataDir?: string;
}): Promise<Runtime> {
  const config = loadConfig({
    DATA_DIR: options.dataDir ?? tempDir('countersign-outbox-'),
    PUBLIC_URL: `https://${HOST}`,
    LOG_LEVEL: 'silent',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
  });
  const r = await createRuntime(config, { clock: options.clock });
  opened.push(r);
  return r;
}

let seq = 0;
function email(to = 'signer@example.test') {
  const subject = `outbox test ${++seq} ${Math.random().toString(36).slice(2, 8)}`;
  return { to: [to], subject, text: `text of ${subject}`, html: `<p>${subject}</p>` };
}

const received = (server: TestSmtpServer, subject: string) =>
  server.messages.filter((m) => m.subject === subject);

describe('queueEmail', () => {
  it('writes nothing when the surrounding transaction rolls back', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const mail = email();
    await expect(
      r.db.transaction(async () => {
        await queueEmail(r.ctx, null, mail);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');

    expect(await r.db.select().from(outbox)).toEqual([]);
    expect(await r.dispatchOutbox()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(received(smtp, mail.subject)).toEqual([]);
  });

  it('commits with the transaction and stores a due, unclaimed row', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const id = await r.db.transaction(async () => await queueEmail(r.ctx, null, email()));
    expect(await getOutboxRow(r.ctx, id)).toMatchObject({
      kind: 'email',
      attempts: 0,
      availableAt: clock.now(),
      lockedUntil: null,
      deliveredAt: null,
      failedAt: null,
    });
  });

  it('refuses a payload without recipients', async () => {
    const r = await runtime({ clock: new ManualClock() });
    await expect(queueEmail(r.ctx, null, { ...email(), to: [] })).rejects.toThrow();
    expect(await r.db.select().from(outbox)).toEqual([]);
  });
});

describe('dispatchOutbox', () => {
  it('delivers a committed email over SMTP with Message-ID <outboxId@host>, once', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const mail = { ...email(), cc: ['copy@example.test'], replyTo: 'owner@example.test' };
    const id = await queueEmail(r.ctx, null, mail);

    expect(await r.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const got = await smtp.waitFor((m) => m.subject === mail.subject);
    expect(got.messageId).toBe(`<${id}@${HOST}>`);
    expect(messageIdFor(r.ctx, id)).toBe(`<${id}@${HOST}>`);
    expect(got.text?.trim()).toBe(mail.text);
    expect(got.replyTo?.text).toBe('owner@example.test');
    expect(await getOutboxRow(r.ctx, id)).toMatchObject({
      attempts: 1,
      deliveredAt: clock.now(),
      lastError: null,
    });

    clock.advance(3600 * SECOND);
    expect(await r.dispatchOutbox()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(received(smtp, mail.subject)).toHaveLength(1);
  });

  it('keeps the row for a later pass when the SMTP server is down', async () => {
    const clock = new ManualClock();
    const dataDir = tempDir('countersign-outbox-');
    const down = await runtime({ clock, dataDir, smtpUrl: deadSmtpUrl });
    const mail = email();
    const id = await queueEmail(down.ctx, null, mail);

    expect(await down.dispatchOutbox()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const row = (await getOutboxRow(down.ctx, id))!;
    expect(row).toMatchObject({ attempts: 1, deliveredAt: null, failedAt: null, lockedUntil: null });
    expect(row.lastError).toBeTruthy();
    // First retry after about 30 s (with jitter: between 15 and 30 s).
    expect(row.availableAt).toBeGreaterThanOrEqual(clock.now() + 15 * SECOND);
    expect(row.availableAt).toBeLessThanOrEqual(clock.now() + 30 * SECOND);

    // The server is back (another process on the same DATA_DIR sees it), but the row is not due yet.
    const up = await runtime({ clock, dataDir, smtpUrl: smtp.url });
    expect(await up.dispatchOutbox()).toEqual({ delivered: 0, retried: 0, failed: 0 });

    clock.advance(31 * SECOND);
    expect(await up.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const got = await smtp.waitFor((m) => m.subject === mail.subject);
    expect(got.messageId).toBe(`<${id}@${HOST}>`);
    expect(await getOutboxRow(up.ctx, id)).toMatchObject({
      attempts: 2,
      deliveredAt: clock.now(),
      lastError: null,
    });
  });

  it('retries a 451 with growing backoff and delivers once the server accepts', async () => {
    const clock = new ManualClock();
    const dataDir = tempDir('countersign-outbox-');
    picky.reject('busy@example.test', 451, 'Greylisted, try again later');
    const refusing = await runtime({ clock, dataDir, smtpUrl: picky.url });
    const mail = email('busy@example.test');
    const id = await queueEmail(refusing.ctx, null, mail);

    expect(await refusing.dispatchOutbox()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let row = (await getOutboxRow(refusing.ctx, id))!;
    expect(row.lastError).toMatch(/451|Greylisted/);
    expect(row.availableAt).toBeGreaterThan(clock.now());

    clock.set(row.availableAt);
    expect(await refusing.dispatchOutbox()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    row = (await getOutboxRow(refusing.ctx, id))!;
    expect(row.attempts).toBe(2);
    // Second retry after about 60 s (30 to 60 s with jitter).
    expect(row.availableAt - clock.now()).toBeGreaterThanOrEqual(30 * SECOND);
    expect(row.availableAt - clock.now()).toBeLessThanOrEqual(60 * SECOND);

    const accepting = await runtime({ clock, dataDir, smtpUrl: smtp.url });
    clock.set(row.availableAt);
    expect(await accepting.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const got = await smtp.waitFor((m) => m.subject === mail.subject);
    expect(got.messageId).toBe(`<${id}@${HOST}>`);
    expect(received(picky, mail.subject)).toEqual([]);
  });

  it('marks a 550 as failed at once and never retries it', async () => {
    const clock = new ManualClock();
    picky.reject('gone@example.test', 550, 'No such user');
    const r = await runtime({ clock, smtpUrl: picky.url });
    const mail = email('gone@example.test');
    const id = await queueEmail(r.ctx, null, mail);

    expect(await r.dispatchOutbox()).toEqual({ delivered: 0, retried: 0, failed: 1 });
    const row = (await getOutboxRow(r.ctx, id))!;
    expect(row).toMatchObject({ attempts: 1, failedAt: clock.now(), deliveredAt: null, lockedUntil: null });
    expect(row.lastError).toMatch(/550|No such user/);
    expect(row.payload).toBeNull(); // given up: the body is dropped as on delivery

    clock.advance(7 * 86_400 * SECOND);
    expect(await r.dispatchOutbox()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect((await getOutboxRow(r.ctx, id))?.attempts).toBe(1);
  });

  it('redelivers with the same Message-ID after a crash between send and mark; the dev mailbox keeps one copy', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock }); // no SMTP_URL: the dev mailbox
    const mail = email('crash@example.test');
    const id = await queueEmail(r.ctx, null, mail);

    // A dispatcher claims the row and sends it, then "crashes" before marking it delivered.
    const claimed = await claimOutbox(r.ctx, { limit: 10, leaseMs: 60 * SECOND });
    expect(claimed.map((row) => row.id)).toEqual([id]);
    await emailDeliverer(r.ctx, r.mailer, devMailbox(r.ctx)).deliver(claimed[0]!);

    // While the lease holds, nobody else takes the row.
    expect(await r.dispatchOutbox()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    clock.advance(61 * SECOND);
    expect(await r.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(await getOutboxRow(r.ctx, id)).toMatchObject({ attempts: 2, deliveredAt: clock.now() });

    const stored = await devMailbox(r.ctx).list({ to: 'crash@example.test' });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ messageId: `<${id}@${HOST}>`, subject: mail.subject });
  });

  it('sends the same Message-ID to SMTP when redelivering after a lapsed lease', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const mail = email();
    const id = await queueEmail(r.ctx, null, mail);
    const [row] = await claimOutbox(r.ctx, { limit: 10, leaseMs: 60 * SECOND });
    await emailDeliverer(r.ctx, r.mailer, devMailbox(r.ctx)).deliver(row!);
    clock.advance(61 * SECOND);
    expect(await r.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 0 });

    // At least once: SMTP got it twice, both times under the one id a receiver can deduplicate on.
    await smtp.waitFor((m) => m.subject === mail.subject);
    const copies = received(smtp, mail.subject);
    expect(copies).toHaveLength(2);
    expect(copies.map((m) => m.messageId)).toEqual([`<${id}@${HOST}>`, `<${id}@${HOST}>`]);
  });

  it('never delivers a row twice when dispatch passes run concurrently on one DATA_DIR', async () => {
    const clock = new ManualClock();
    const dataDir = tempDir('countersign-outbox-');
    const a = await runtime({ clock, dataDir, smtpUrl: smtp.url });
    const b = await runtime({ clock, dataDir, smtpUrl: smtp.url });
    const tag = `concurrent ${Math.random().toString(36).slice(2, 8)}`;
    const ids = await a.db.transaction(async () => {
      const queued: string[] = [];
      for (let i = 0; i < 80; i++)
        queued.push(await queueEmail(a.ctx, null, { ...email(), subject: `${tag} #${i}` }));
      return queued;
    });

    const results = await Promise.all([a.dispatchOutbox(), b.dispatchOutbox(), a.dispatchOutbox()]);
    const delivered = results.map((x) => x.delivered);
    // a's two calls share one pass; a and b split the rows between them.
    expect(delivered[0]).toBe(delivered[2]);
    expect(delivered[0]! + delivered[1]!).toBe(ids.length);
    expect(delivered[0]).toBeGreaterThan(0);
    expect(delivered[1]).toBeGreaterThan(0);

    const got = smtp.messages.filter((m) => m.subject?.startsWith(`${tag} #`));
    expect(got).toHaveLength(ids.length);
    expect(new Set(got.map((m) => m.messageId))).toEqual(new Set(ids.map((id) => `<${id}@${HOST}>`)));
    for (const id of ids) expect((await getOutboxRow(a.ctx, id))?.attempts).toBe(1);
  });
});

describe('payloads at rest', () => {
  /** The database file and its WAL as bytes: what a copy of DATA_DIR/countersign.db would hold. */
  const fileBytes = (r: Runtime) =>
    Buffer.concat(
      [databaseFile(r.ctx.config), `${databaseFile(r.ctx.config)}-wal`]
        .filter((f) => fs.existsSync(f))
        .map((f) => fs.readFileSync(f)),
    );
  const storedPayload = (r: Runtime, id: string) =>
    JSON.parse(
      (r.db.$client.prepare('SELECT payload FROM outbox WHERE id = ?').get(id) as { payload: string })
        .payload,
    ) as Record<string, unknown>;
  /** Writes an email row as another version of the service would have, bypassing addToOutbox. */
  const writeRawEmailRow = (r: Runtime, id: string, payload: unknown, at: number) =>
    r.db.$client
      .prepare(
        "INSERT INTO outbox (id, kind, payload, created_at, available_at) VALUES (?, 'email', ?, ?, ?)",
      )
      .run(id, JSON.stringify(payload), at, at);
  /** An old-format row `id` goes out with `mail`'s text, then keeps only its to and subject, like a new one. */
  const expectDeliveredThenDropped = async (r: Runtime, id: string, mail: ReturnType<typeof email>) => {
    expect(await r.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect((await smtp.waitFor((m) => m.subject === mail.subject)).text?.trim()).toBe(mail.text);
    expect(storedPayload(r, id)).toEqual({ to: mail.to, subject: mail.subject, encrypted: null });
  };

  it('seals an email in the database, delivers it opened, then keeps only to, cc and subject', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const secret = `link-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const mail = {
      ...email(),
      cc: ['copy@example.test'],
      text: `Sign: /s/${secret}`,
      html: `<a>${secret}</a>`,
    };
    const id = await queueEmail(r.ctx, null, mail);

    const stored = storedPayload(r, id);
    expect(stored).toEqual({
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      encrypted: expect.stringMatching(/^v1\./),
    });
    expect(fileBytes(r).includes(secret)).toBe(false);
    expect((await getOutboxRow(r.ctx, id))?.payload).toMatchObject({ text: mail.text, html: mail.html });

    expect(await r.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const got = await smtp.waitFor((m) => m.subject === mail.subject);
    expect(got.text?.trim()).toBe(mail.text);

    expect(storedPayload(r, id)).toEqual({
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      encrypted: null,
    });
    expect(await getOutboxRow(r.ctx, id)).toMatchObject({
      payload: null,
      deliveredAt: clock.now(),
      attempts: 1,
    });
    expect(fileBytes(r).includes(secret)).toBe(false);
  });

  it('still delivers a plaintext row written before payloads were encrypted, and drops its body', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const mail = email();
    writeRawEmailRow(r, 'legacy-1', mail, clock.now());

    await expectDeliveredThenDropped(r, 'legacy-1', mail);
  });

  it('delivers a row a process of the previous version wrote under the old key name (rolling upgrade)', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const mail = email();
    const written = await addToOutbox(r.ctx, { kind: 'email', accountId: null, payload: mail });
    const { encrypted, ...fields } = storedPayload(r, written) as { encrypted: string };
    writeRawEmailRow(r, 'previous-1', { ...fields, sealed: encrypted }, clock.now());
    r.db.$client.prepare('DELETE FROM outbox WHERE id = ?').run(written);

    await expectDeliveredThenDropped(r, 'previous-1', mail);
  });

  it('fails a row whose payload does not decrypt without holding up the others', async () => {
    const clock = new ManualClock();
    const r = await runtime({ clock, smtpUrl: smtp.url });
    const broken = email();
    const encrypted = `v1.${'A'.repeat(16)}.${'B'.repeat(22)}.${'C'.repeat(40)}`; // not this data key's
    writeRawEmailRow(r, 'unreadable-1', { to: broken.to, subject: broken.subject, encrypted }, clock.now());
    const fine = email();
    await queueEmail(r.ctx, null, fine);

    expect(await r.dispatchOutbox()).toEqual({ delivered: 1, retried: 0, failed: 1 });
    await smtp.waitFor((m) => m.subject === fine.subject);
    expect(await getOutboxRow(r.ctx, 'unreadable-1')).toMatchObject({
      failedAt: clock.now(),
      lastError: 'unreadable email outbox payload',
    });
  });

  it('encrypts a webhook event too, and keeps it after delivery for redelivery', async () => {
    const r = await runtime({ clock: new ManualClock() });
    const payload = {
      endpointId: 'endpoint-1',
      event: { id: 'evt_1', type: 'session.signed', data: { x: 1 } },
    };
    const id = await addToOutbox(r.ctx, { kind: 'webhook', accountId: null, payload });
    expect(storedPayload(r, id)).toEqual({
      endpointId: 'endpoint-1',
      encrypted: expect.stringMatching(/^v1\./),
    });

    const [row] = await claimOutbox(r.ctx, { limit: 10, leaseMs: 60 * SECOND, kind: 'webhook' });
    expect(row?.payload).toEqual(payload);
    await markDelivered(r.ctx, row!);
    expect((await getOutboxRow(r.ctx, id))?.payload).toEqual(payload);
  });
});
