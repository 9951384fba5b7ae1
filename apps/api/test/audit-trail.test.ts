import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { completeSession, signAsParticipant } from '@countersign/core';
import { auditEvents } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { type ChainedAuditEvent, checkAuditChain } from '@countersign/verify';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { linkTokenOf, sendOwnPdf } from './sends.ts';

// The tamper-evident trail with real parts: every audit event hash-chained in SQLite, the chain head printed
// in the sealed PDF (read back with pdftotext) and sent with session.completed (real webhook receiver), a
// receipt per signer over real SMTP, and GET /api/sessions/{id}/audit checked with @countersign/verify.

const dir = tempDir('audit-trail-');
const world = await startApiWorld({
  clock: false,
  worker: false,
  smtp: true,
  webhooks: ['session.completed'],
  account: 'Audit trail',
});
const { api, smtp, receiver, accessToken, accountId } = world;
afterAll(() => world.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const auth = () => ({ headers: { authorization: `Bearer ${accessToken}` } });
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value);

async function trail(sessionId: string) {
  const res = await api.fetch(`/api/sessions/${sessionId}/audit`, auth());
  expect(res.status).toBe(200);
  return (await res.json()) as { sessionId: string; chainHead: string | null; events: ChainedAuditEvent[] };
}

async function sendAndSign() {
  const row = await sendOwnPdf(
    api,
    { accountId, accessToken },
    { name: 'Lease.pdf', bytes: await makePdf(2, 'audit-trail') },
    {
      title: 'Lease',
      authRequirement: 'public',
      notify: true,
      signingRequests: [
        {
          recipients: [
            { name: 'Ann Alpha', email: 'ann@audit.test' },
            { name: 'Bob Beta', email: 'bob@audit.test' },
          ],
        },
      ],
    },
  );
  // What the signers are shown (and sign): the prepared PDF.
  const shown = await api.fetch(
    `/api/sessions/${row.sessionId}/documents/${row.documents[0]!.documentId}`,
    auth(),
  );
  const shownSha = sha256(new Uint8Array(await shown.arrayBuffer()));
  for (const [i, p] of row.participants.entries()) {
    await signAsParticipant(
      api.runtime.ctx,
      linkTokenOf(p),
      { values: [], signature: { kind: 'typed', value: i === 0 ? 'Ann Alpha' : 'Bob Beta' } },
      { origin: { ip: '203.0.113.9', userAgent: 'test' }, cookieToken: null },
    );
  }
  return { sessionId: row.sessionId, documentId: row.documents[0]!.documentId, shownSha };
}

describe('the hash-chained audit trail', () => {
  it('chains every event, prints the head in the sealed PDF, sends it with session.completed, and a receipt to each signer', async () => {
    const s = await sendAndSign();
    const beforeCompletion = await trail(s.sessionId);
    expect(checkAuditChain(beforeCompletion.events)).toMatchObject({ ok: true });
    const signedEvents = beforeCompletion.events.filter((e) => e.type === 'participant.signed');
    expect(signedEvents).toHaveLength(2);

    // Each signer's receipt: the document they signed by hash, and their own event's hash.
    for (const [i, email] of ['ann@audit.test', 'bob@audit.test'].entries()) {
      const receipt = await smtp.waitFor(
        (m) => /signing receipt/i.test(m.subject ?? '') && to(m).some((a) => a.address === email),
      );
      expect(receipt.text).toContain(s.shownSha);
      expect(receipt.text).toContain(signedEvents[i]!.hash);
      expect(receipt.text).not.toContain(signedEvents[1 - i]!.hash);
    }

    expect(await completeSession(api.runtime.ctx, s.sessionId)).toEqual({ completed: true });
    const after = await trail(s.sessionId);
    const check = checkAuditChain(after.events, after.chainHead ?? undefined);
    expect(check).toMatchObject({ ok: true, events: after.events.length });
    const completed = after.events.at(-1)!;
    expect(completed.type).toBe('session.completed');
    // The events before completion are unchanged: the trail only grows.
    expect(after.events.slice(0, beforeCompletion.events.length)).toEqual(beforeCompletion.events);

    const hook = await receiver.waitFor(
      (r) => r.event.type === 'session.completed' && r.event.data.sessionId === s.sessionId,
    );
    expect(hook.event.data.auditChainHead).toBe(completed.hash);

    // The sealed PDF: its certificate prints the head as it was at sealing (the event before session.completed),
    // and session.completed records the sealed file's hash.
    const res = await api.fetch(`/api/sessions/${s.sessionId}/documents/${s.documentId}`, auth());
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect((completed.data as { documents: { sha256: string }[] }).documents[0]!.sha256).toBe(sha256(pdf));
    const file = path.join(dir, 'final.pdf');
    fs.writeFileSync(file, pdf);
    const text = spawnSync('pdftotext', ['-f', '3', file, '-'], { encoding: 'utf8' }).stdout.replace(
      /\s+/g,
      '',
    );
    expect(text).toContain('Audittrailchainhead');
    expect(text).toContain(completed.prevHash!);
    expect(spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout).toContain('Signature is Valid.');
    expect(spawnSync('qpdf', ['--check', file]).status).toBe(0);
  }, 120_000);

  it('an edited, removed or reordered event breaks the chain at that event', async () => {
    const s = await sendAndSign();
    const { events } = await trail(s.sessionId);
    const setIp = (ip: string | null) =>
      api.runtime.ctx.db.update(auditEvents).set({ ip }).where(eq(auditEvents.id, signed.id));
    const signed = events.find((e) => e.type === 'participant.signed')!;

    // Edited: the signer's IP rewritten in the database.
    await setIp('198.51.100.1');
    const edited = checkAuditChain((await trail(s.sessionId)).events);
    expect(edited).toMatchObject({ ok: false, at: signed.seq });
    if (!edited.ok) expect(edited.problem).toMatch(/was changed/);
    await setIp(signed.ip);
    expect(checkAuditChain((await trail(s.sessionId)).events)).toMatchObject({ ok: true });

    // Removed: a middle event deleted.
    const removed = checkAuditChain(events.filter((e) => e.seq !== 2));
    expect(removed).toMatchObject({ ok: false, at: 2 });
    // Reordered: two events swapped.
    const swapped = [...events];
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    expect(checkAuditChain(swapped)).toMatchObject({ ok: false, at: 2 });
    // Truncated: the last event dropped is only seen against the head.
    expect(checkAuditChain(events.slice(0, -1), events.at(-1)!.hash)).toMatchObject({ ok: false });
  }, 60_000);

  it('chains events written before the chain existed, in the order they were written, after the chained ones', async () => {
    const s = await sendAndSign();
    const { events } = await trail(s.sessionId);
    const { db } = api.runtime.ctx;
    // The last two events as a release before the chain wrote them: no place, no hashes.
    const legacy = events.slice(-2);
    for (const e of legacy) {
      await db
        .update(auditEvents)
        .set({ seq: null, prevHash: null, hash: null })
        .where(eq(auditEvents.id, e.id));
    }
    const again = await trail(s.sessionId);
    expect(again.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(again.events.map((e) => e.seq)).toEqual(events.map((e) => e.seq));
    expect(checkAuditChain(again.events, again.chainHead ?? undefined)).toMatchObject({ ok: true });
    expect(again.chainHead).toBe(again.events.at(-1)!.hash);
    // The next event chains after them.
    await completeSession(api.runtime.ctx, s.sessionId);
    const completed = await trail(s.sessionId);
    expect(completed.events.at(-1)).toMatchObject({ type: 'session.completed', seq: events.length + 1 });
    expect(checkAuditChain(completed.events, completed.chainHead ?? undefined)).toMatchObject({ ok: true });
  }, 60_000);

  it('exports the trail as CSV: every event with the participant it names, the hashes that chain it', async () => {
    const s = await sendAndSign();
    const { events } = await trail(s.sessionId);
    const res = await api.fetch(`/api/sessions/${s.sessionId}/audit.csv`, auth());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="audit-${s.sessionId}.csv"`);
    const lines = (await res.text()).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'seq,at,type,participant_id,participant_name,participant_email,ip,user_agent,data,prev_hash,hash',
    );
    expect(lines.slice(1, -1)).toHaveLength(events.length);
    const signed = events.filter((e) => e.type === 'participant.signed');
    for (const [i, who] of [
      ['Ann Alpha', 'ann@audit.test'],
      ['Bob Beta', 'bob@audit.test'],
    ].entries()) {
      const e = signed[i]!;
      const row = lines[e.seq]!;
      expect(
        row.startsWith(
          `${e.seq},${e.at},participant.signed,${e.participantId},${who[0]},${who[1]},203.0.113.9,test,`,
        ),
      ).toBe(true);
      expect(row.endsWith(`,${e.prevHash},${e.hash}`)).toBe(true);
    }
    // Another account's session is not there.
    const other = await api.newAccount('CSV stranger');
    const theirs = await api.fetch(`/api/sessions/${s.sessionId}/audit.csv`, {
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(theirs.status).toBe(404);
  }, 60_000);

  it("answers 404 for another account's session", async () => {
    const s = await sendAndSign();
    const other = await api.newAccount('Someone else');
    const res = await api.fetch(`/api/sessions/${s.sessionId}/audit`, {
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: unknown }).error).toBeDefined();
  }, 60_000);
});
