import fs from 'node:fs';
import path from 'node:path';
import { completeSession, devMailbox, signAsParticipant, sweep } from '@countersign/core';
import { idempotencyKeys, outbox, sendResults } from '@countersign/db';
import type { WebhookDeliveryList } from '@countersign/schemas';
import { until } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { databaseBytes, startPurgeWorld } from './purge-support.ts';

// After a purge no personal data of the session is left anywhere in DATA_DIR (docs/evidence.md "Retention and
// purging"): not in the SQLite file or its WAL, not in the dev mailbox's copies of its emails, and not inside
// what is stored encrypted (send results, Idempotency-Key answers, outbox rows, a webhook redelivery's copy),
// which the test opens with the service's own data key. A replay of the send's Idempotency-Key still answers,
// naming the purged session as its tombstone does.

const world = await startPurgeWorld('Traces Ltd', 'ops@traces.test');
const { clock, api, receiver, accessToken, accountId } = world;
afterAll(() => world.close());

const auth = () => ({ authorization: `Bearer ${accessToken}` });
const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;

/**
 * The dev mailbox, as text: every message and its raw .eml, wherever the mailbox keeps them (files on the
 * embedded default, a table on PostgreSQL), plus every file under its directory when it has one.
 */
async function mailboxText(): Promise<string> {
  const mailbox = devMailbox(api.runtime.ctx);
  const parts: string[] = [];
  for (const mail of await mailbox.list())
    parts.push(JSON.stringify(mail), Buffer.from((await mailbox.eml(mail.id)) ?? []).toString('latin1'));
  const dir = path.join(api.config.dataDir, 'mailbox');
  if (fs.existsSync(dir))
    for (const f of fs.readdirSync(dir)) parts.push(fs.readFileSync(path.join(dir, f), 'latin1'));
  return parts.join('\n');
}

/** Everything stored encrypted with the data key, opened: send results, replay answers, outbox payloads. */
async function openedSecrets(): Promise<string> {
  const key = api.runtime.ctx.secrets.dataKey;
  const db = api.runtime.ctx.db;
  const open = (value: string | null) => {
    if (!value) return '';
    try {
      return key.decrypt(value);
    } catch {
      return '';
    }
  };
  const results = await db.select({ result: sendResults.result }).from(sendResults);
  const answers = await db.select({ responseBody: idempotencyKeys.responseBody }).from(idempotencyKeys);
  const payloads = await db.select({ payload: outbox.payload }).from(outbox);
  return [
    ...results.map((r) => open(r.result)),
    ...answers.map((r) => open(r.responseBody)),
    ...payloads.map((r) => {
      const payload = r.payload as { encrypted?: string | null };
      return `${JSON.stringify(r.payload)}\n${open(payload.encrypted ?? null)}`;
    }),
  ].join('\n');
}

describe('a purge leaves no personal data anywhere in DATA_DIR', () => {
  it('database file and WAL, dev mailbox, encrypted answers and outbox rows: none names the signer', async () => {
    const who = { name: 'Philippa Quennell-Oyelaran', email: 'p.quennell@traces.test' };
    const value = 'Zanzibar Widgets 4417';
    const template = await createTestTemplate(api, accountId, {
      name: 'Supply agreement',
      roles: ['Client'],
      fields: [
        { label: 'Company', type: 'text', page: 1, x: 72, y: 100, width: 200, height: 20, role: 'Client' },
        { label: 'Sign', type: 'signature', page: 1, x: 72, y: 600, width: 150, height: 36, role: 'Client' },
      ],
    });
    // Sent with an Idempotency-Key (its answer is stored) and emails on (the dev mailbox keeps copies).
    const body = {
      templateId: template.templateId,
      signingRequests: [{ recipients: [{ label: 'Client', ...who }] }],
      authRequirement: 'public',
      notify: true,
    };
    const send = () =>
      api.fetch('/api/templates/send', {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json', 'idempotency-key': 'traces-send-1' },
        body: JSON.stringify(body),
      });
    const sent = await send();
    expect(sent.status).toBe(200);
    const answer = (await sent.json()) as {
      instantiation: { sessions: { sessionId: string }[] };
      invites: { participants: { name: string; email: string }[] }[];
    };
    const sessionId = answer.instantiation.sessions[0]!.sessionId;
    expect(answer.invites[0]!.participants[0]).toMatchObject(who);

    // The invite from the dev mailbox carries the link; the signer fills the field and signs.
    await api.runtime.dispatchOutbox();
    const invite = (await devMailbox(api.runtime.ctx).list()).find((m) => m.text.includes('/s/'));
    const token = /\/s\/([A-Za-z0-9_-]+)/.exec(invite?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const view = (await json(await api.fetch(`/api/signing/${token}`))) as {
      fields: { id: string; label: string }[];
    };
    const company = view.fields.find((f) => f.label === 'Company')!.id;
    await signAsParticipant(
      api.runtime.ctx,
      token!,
      { values: [{ fieldId: company, value }], signature: { kind: 'typed', value: who.name } },
      { origin: { ip: '198.51.100.9', userAgent: 'TracesTest/1.0' }, cookieToken: null },
    );
    await completeSession(api.runtime.ctx, sessionId);
    await api.runtime.dispatchOutbox();
    // A webhook event delivered, then redelivered: the redelivery is a second copy of the event.
    const completed = await receiver.waitFor(
      (r) => r.event.type === 'session.completed' && r.event.data.sessionId === sessionId,
      20_000,
    );
    const hooks = (await json(await api.fetch('/api/webhooks', { headers: auth() }))) as {
      webhooks: { webhookId: string }[];
    };
    const webhookId = hooks.webhooks[0]!.webhookId;
    const deliveries = (await (
      await api.fetch(`/api/webhooks/${webhookId}/deliveries`, { headers: auth() })
    ).json()) as WebhookDeliveryList;
    const delivery = deliveries.deliveries.find((d) => d.eventId === completed.event.id)!;
    const redeliver = await api.fetch(
      `/api/webhooks/${webhookId}/deliveries/${delivery.deliveryId}/redeliver`,
      { method: 'POST', headers: auth() },
    );
    expect(redeliver.status).toBe(202);
    await api.runtime.dispatchOutbox();

    // Before: each place holds the signer's data (so the checks after mean something).
    const secret = [who.name, who.email, value];
    const mail = await mailboxText();
    for (const text of [who.name, who.email]) expect(mail).toContain(text);
    expect(await openedSecrets()).toContain(who.email);
    const bytesBefore = await databaseBytes(api.runtime.ctx);
    for (const text of secret) expect(bytesBefore.includes(text)).toBe(true);

    const purge = await api.fetch(`/api/sessions/${sessionId}`, { method: 'DELETE', headers: auth() });
    expect(purge.status).toBe(202);
    await until('purged', async () => {
      const detail = await json(await api.fetch(`/api/sessions/${sessionId}`, { headers: auth() }));
      return (detail.purge as { state?: string } | null)?.state === 'purged';
    });
    await api.runtime.dispatchOutbox();

    const after = {
      db: await databaseBytes(api.runtime.ctx),
      mail: await mailboxText(),
      opened: await openedSecrets(),
    };
    for (const text of secret) {
      expect(after.db.includes(text), `database bytes hold ${text}`).toBe(false);
      expect(after.mail.includes(text), `the mailbox holds ${text}`).toBe(false);
      expect(after.opened.includes(text), `an encrypted row holds ${text}`).toBe(false);
    }

    // The replay still answers 200, in the tombstone's words.
    const replay = await send();
    expect(replay.status).toBe(200);
    const replayed = (await replay.json()) as typeof answer;
    expect(replayed.instantiation.sessions[0]!.sessionId).toBe(sessionId);
    expect(replayed.invites[0]!.participants[0]).toMatchObject({
      name: 'Signer 1',
      email: expect.stringMatching(/@purged\.invalid$/),
    });
  }, 120_000);

  it('the sweep deletes Idempotency-Key answers once their 24 hours are over', async () => {
    const count = () => api.runtime.ctx.db.$count(idempotencyKeys);
    expect(await count()).toBeGreaterThan(0);
    clock.advance(24 * 3600_000 + 1);
    await sweep(api.runtime.ctx);
    expect(await count()).toBe(0);
  });
});
