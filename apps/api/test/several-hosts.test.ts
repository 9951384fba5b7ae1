import fs from 'node:fs';
import path from 'node:path';
import { localDrive } from '@countersign/core';
import { auditEvents, sessions } from '@countersign/db';
import { startTestSmtpServer } from '@countersign/mail/testing';
import { until } from '@countersign/test-support';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { startHosts } from './hosts-support.ts';
import { bearer, startReceiver } from './webhooks-support.ts';

// The scaled topology on several hosts: an API and two workers as real processes, each with a DATA_DIR of its
// own (nothing shared but PostgreSQL, Redis and the SMTP server), and the operator's runtime as a fourth
// "host". A file put on the drive there is sent through the API, prepared by a worker, signed, completed and
// sealed by a worker, announced by webhook and email; a template goes out in bulk and one of its sessions is
// cancelled; sessions past their time expire once. Afterwards no host holds a drive file, a blob or a secret on its disk.

const smtp = await startTestSmtpServer();
const receiver = await startReceiver();
const {
  database,
  d,
  operator,
  accountId,
  token,
  post,
  sendDriveFile,
  signAsAnn,
  expectSealedFinal,
  sendTemplate,
} = await startHosts({
  workers: 2,
  // Sweeps every second, so expiry is seen soon (the workers sweep; the API does not run jobs).
  env: {
    SMTP_URL: smtp.url,
    WEBHOOK_ALLOW_PRIVATE: '1',
    SWEEP_INTERVAL_MS: '1000',
    SEND_TIMEOUT_MS: '20000',
  },
});
afterAll(async () => {
  await receiver.close();
  await smtp.close();
});
expect((await post('/api/webhooks', { url: receiver.url }, token)).status).toBe(201);

const eventOf = (type: string, sessionId: string) =>
  receiver.waitFor((r) => r.event.type === type && r.event.data.sessionId === sessionId, 60_000);

describe('an API and two workers on separate hosts, sharing PostgreSQL', () => {
  it('sends an own PDF from the drive, signs, completes and seals it, with its email and webhooks', async () => {
    const row = await sendDriveFile('Lease across hosts');
    const invite = await smtp.waitFor((m) => /Lease across hosts/.test(m.subject ?? ''), 30_000);
    expect(invite.text).toContain(row.participants[0]!.signingUrl);

    expect((await signAsAnn(row)).status).toBe(200);
    await eventOf('session.signed', row.sessionId);
    const completed = await eventOf('session.completed', row.sessionId);
    expect(completed.event.data.documents).toEqual([expect.objectContaining({ signed: true })]);

    await expectSealedFinal(row);
  }, 120_000);

  it('sends a template in bulk and cancels one of its sessions', async () => {
    const sessions = await sendTemplate('Hosts NDA', ['one', 'two', 'three']);
    expect(sessions).toHaveLength(3);

    const cancelled = await post(
      '/api/sessions/cancel',
      { sessionId: sessions[1]!.sessionId, reason: 'Sent twice' },
      token,
    );
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ cancelled: true, alreadyCancelled: false });
    await eventOf('session.cancelled', sessions[1]!.sessionId);
  }, 120_000);

  it('expires sessions past their time once, whichever worker sweeps first', async () => {
    const rows = await Promise.all(['one', 'two', 'three'].map((n) => sendDriveFile(`Expiring ${n}`)));
    const ids = rows.map((r) => r.sessionId);
    // Time passes for these three: their expiry is now behind them, for every host at once.
    await operator.ctx.db
      .update(sessions)
      .set({ expiresAt: Date.now() - 1_000 })
      .where(inArray(sessions.id, ids));
    for (const id of ids) await eventOf('session.expired', id);

    const link = await checkedFetch(
      `${d.url}/api/signing/${rows[0]!.participants[0]!.signingUrl.split('/s/')[1]}`,
    );
    expect(link.status).toBe(410);
    expect(await link.json()).toMatchObject({ error: 'session_expired' });
    // Two workers swept all along (a second each): still one expiry per session, in the trail and by webhook.
    await new Promise((r) => setTimeout(r, 2_500));
    const expiredEvents = await operator.ctx.db
      .select({ sessionId: auditEvents.sessionId })
      .from(auditEvents)
      .where(and(inArray(auditEvents.sessionId, ids), eq(auditEvents.type, 'session.expired')));
    expect(expiredEvents.map((e) => e.sessionId).sort()).toEqual([...ids].sort());
    const delivered = receiver.received.filter(
      (r) => r.event.type === 'session.expired' && ids.includes(r.event.data.sessionId as string),
    );
    expect(new Set(delivered.map((r) => r.event.id)).size).toBe(3);
    const states = await operator.ctx.db
      .select({ status: sessions.status })
      .from(sessions)
      .where(inArray(sessions.id, ids));
    expect(states.map((s) => s.status)).toEqual(['expired', 'expired', 'expired']);
  }, 120_000);

  it('PostgreSQL refusing every connection for a while: the API answers 503 at once, then all recover by themselves', async () => {
    const { sessionId } = await sendDriveFile('Outage lease');
    const read = () =>
      checkedFetch(`${d.url}/api/sessions/${sessionId}`, {
        headers: bearer(token),
        signal: AbortSignal.timeout(5_000),
      });
    const allow = await database.refuseConnections();
    try {
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const answer = await read();
        expect(answer.status).toBe(503);
        expect(await answer.json()).toMatchObject({ error: 'service_unavailable' });
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(Date.now() - started).toBeLessThan(1_000);
      }
      expect((await checkedFetch(`${d.url}/readyz`)).status).toBe(503);
    } finally {
      await allow();
    }
    await until('the API reads the database again', async () => (await read()).status === 200, 30_000, 200);
    // The workers came back too: a send goes through them, once.
    const again = await sendDriveFile('After the outage');
    const made = await operator.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.title, 'After the outage'));
    expect(made.map((r) => r.id)).toEqual([again.sessionId]);
  }, 120_000);

  // A send whose job failed on every attempt during the outage is run again by the key's retry (it once
  // kept answering 503: the queue handed back the old failure).
  it('PostgreSQL gone for 3 s in the middle of sends from 8 clients: every send is made once, every invite sent once', async () => {
    const drive = await localDrive(operator.ctx, accountId);
    const { cloudFileId } = await drive.put('Load.pdf', await makePdf(1, 'outage under load'));
    const keys: string[] = [];
    const answered = new Map<string, string>();
    /** A send with its key, retried as an integrator would (503, 409 while the first try runs, a dropped connection) until 200. */
    const sendOnce = async (key: string) => {
      const seen: string[] = [];
      // A claim whose commit the outage cut (it may have committed) is held until its lock lapses: SEND_TIMEOUT_MS + 30 s.
      for (const giveUpAt = Date.now() + 120_000; Date.now() < giveUpAt; ) {
        const res = await post(
          '/api/sessions/send',
          {
            cloudFileIds: [cloudFileId],
            title: key,
            authRequirement: 'public',
            notify: true,
            signingRequests: [{ recipients: [{ name: 'Load Signer', email: `${key}@hosts.test` }] }],
          },
          token,
          { 'idempotency-key': key },
        ).catch(() => undefined);
        if (res?.status === 200) {
          const body = (await res.json()) as { rows: { sessionId: string }[] };
          answered.set(key, body.rows[0]!.sessionId);
          return;
        }
        const said = await res?.text().catch(() => '');
        seen.push(`${res?.status} ${said?.slice(0, 120)}`);
        if (res) expect([409, 503]).toContain(res.status);
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(
        `${key} never answered 200: ${[...new Set(seen)].join(' / ')}\n${d.apis[0]!.output().slice(-1500)}`,
      );
    };
    const client = async (c: number) => {
      for (let i = 0; i < 4; i++) {
        const key = `load-${c}-${i}-${Date.now()}`;
        keys.push(key);
        await sendOnce(key);
      }
    };
    const clients = Promise.all(Array.from({ length: 8 }, (_, c) => client(c)));
    await until('the first sends to be answered', async () => answered.size >= 4, 60_000, 20);
    const allow = await database.refuseConnections();
    await new Promise((r) => setTimeout(r, 3_000));
    await allow();
    await clients;

    expect(answered.size).toBe(32);
    const made = await operator.ctx.db
      .select({ id: sessions.id, title: sessions.title })
      .from(sessions)
      .where(inArray(sessions.title, keys));
    // One session per send, the one its answer named.
    expect(made).toHaveLength(32);
    for (const row of made) expect(answered.get(row.title)).toBe(row.id);
    // One invite per send, delivered after the outage too. Delivery is at least once: a copy sent again because
    // the outage swallowed its "delivered" mark is the same message (one Message-ID), never a second invite.
    const invitesOf = (key: string) => smtp.messages.filter((m) => m.subject?.includes(key));
    await until(
      'every invite to arrive',
      async () => keys.every((k) => invitesOf(k).length > 0),
      60_000,
      200,
    );
    for (const key of keys) expect(new Set(invitesOf(key).map((m) => m.messageId)).size).toBe(1);
  }, 240_000);

  it('left no drive file, blob or secret on any host’s disk', () => {
    const dirs = [...d.hostDirs, operator.ctx.config.dataDir];
    expect(dirs).toHaveLength(4);
    for (const dir of dirs)
      for (const kept of ['drive', 'blobs', 'secrets'])
        expect(fs.existsSync(path.join(dir, kept)), `${dir}/${kept}`).toBe(false);
  });
});
