import { type SendJobResult, type TemplateSendOutcome, unwrapSend } from '@countersign/core';
import { documents, fieldValues, participants, sendResults, sessions } from '@countersign/db';
import {
  type SessionList,
  type SigningView,
  type TemplateCreated,
  type TemplateSendResponse,
  templatesSendJob,
} from '@countersign/schemas';
import { and, count, countDistinct, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { queueTopologies } from './queue-topologies.ts';

// Bulk template sends, checked row by row. Nothing here is about speed: `pnpm bench` measures that.

const topologies = queueTopologies();

const box = { x: 72, width: 150, height: 20 };

/** Two roles over two documents, with a sender field each row fills with its own value. */
function bulkTemplate(api: TestApi, accountId: string): Promise<TemplateCreated> {
  return createTestTemplate(api, accountId, {
    name: 'Membership',
    roles: ['Member', 'Club'],
    documents: [
      { filename: 'terms.pdf', pages: 3 },
      { filename: 'form.pdf', pages: 1 },
    ],
    fields: [
      { label: 'Member number', type: 'text', page: 1, y: 100, ...box },
      { label: 'Member signature', type: 'signature', page: 3, y: 600, role: 'Member', ...box },
      {
        label: 'Club signature',
        type: 'signature',
        document: 'form.pdf',
        page: 1,
        y: 600,
        role: 'Club',
        ...box,
      },
    ],
  });
}

const entries = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => ({
    recipients: [
      { label: 'member', name: `Member ${i}`, email: `member-${tag}-${i}@example.test` },
      { label: 'CLUB', name: `Club ${i}`, email: `club-${tag}-${i}@example.test` },
    ],
    fields: [{ label: 'Member number', value: `M-${i}` }],
  }));

/** What the database holds for a batch: per session, its row, participants (in order) and prefill. */
async function committed(api: TestApi, batchId: string) {
  const db = api.runtime.ctx.db;
  const inBatch = eq(sessions.bulkBatchId, batchId);
  const { email, name, roleLabel } = participants;
  const people = await db
    .select({ sessionId: sessions.id, rowIndex: sessions.rowIndex, email, name, roleLabel })
    .from(sessions)
    .innerJoin(participants, eq(participants.sessionId, sessions.id))
    .where(inBatch)
    .orderBy(sessions.rowIndex, participants.position);
  const values = await db
    .select({ sessionId: fieldValues.sessionId, value: fieldValues.value })
    .from(fieldValues)
    .innerJoin(sessions, eq(sessions.id, fieldValues.sessionId))
    .where(inBatch);
  const [documentCount] = await db
    .select({ n: count() })
    .from(documents)
    .innerJoin(sessions, eq(sessions.id, documents.sessionId))
    .where(inBatch);
  return { people, values, documentCount: documentCount!.n };
}

describe.each(topologies)('bulk template sends through the %s queue', (driver, options) => {
  let api: TestApi;
  let account: Awaited<ReturnType<TestApi['newAccount']>>;
  let template: TemplateCreated;

  beforeAll(async () => {
    api = await startTestApi(options());
    account = await api.newAccount();
    template = await bulkTemplate(api, account.accountId);
  });
  afterAll(() => api.close());

  it('1,000 entries x 2 recipients: creates every row, reports each one, lists exactly the batch', async () => {
    const COUNT = 1_000;
    const res = await api.post(
      '/api/templates/send',
      { templateId: template.templateId, notify: false, signingRequests: entries(COUNT, driver) },
      account.accessToken,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as TemplateSendResponse;
    const batchId = body.instantiation.bulkSendBatchId!;
    expect(batchId).toEqual(expect.any(String));
    const rows = body.instantiation.sessions;
    expect(rows).toHaveLength(COUNT);
    expect(body.invites).toHaveLength(COUNT);
    const invites = new Map(body.invites.map((i) => [i.sessionId, i]));
    const link = expect.stringMatching(new RegExp(`^${api.config.publicUrl}/s/[A-Za-z0-9_-]{43}$`));

    // Row by row, in one comparison each, so a failure names the row that differs.
    expect(rows).toEqual(
      Array.from({ length: COUNT }, (_, i) => ({
        rowIndex: i,
        status: 'created',
        sessionId: expect.any(String),
        documentIds: [expect.any(String), expect.any(String)],
      })),
    );
    expect(rows.map((r) => invites.get(r.sessionId!))).toEqual(
      rows.map((r, i) => ({
        sessionId: r.sessionId,
        title: 'Membership',
        inviteStatus: 'skipped',
        participants: [
          {
            participantId: expect.any(String),
            name: `Member ${i}`,
            email: `member-${driver}-${i}@example.test`,
            status: 'skipped',
            signingUrl: link,
          },
          {
            participantId: expect.any(String),
            name: `Club ${i}`,
            email: `club-${driver}-${i}@example.test`,
            status: 'skipped',
            signingUrl: link,
          },
        ],
      })),
    );
    const people = body.invites.flatMap((i) => i.participants);
    expect(new Set(rows.map((r) => r.sessionId)).size).toBe(COUNT);
    expect(new Set(rows.flatMap((r) => r.documentIds)).size).toBe(2 * COUNT);
    expect(new Set(people.map((p) => p.signingUrl)).size).toBe(2 * COUNT);
    expect(new Set(people.map((p) => p.participantId)).size).toBe(2 * COUNT);
    const sessionIds = new Set(rows.map((r) => r.sessionId!));

    // Committed as reported: each session holds its own row's people and prefill.
    const db = await committed(api, batchId);
    expect(db.documentCount).toBe(2 * COUNT);
    expect(db.people).toEqual(
      rows.flatMap((row, i) => [
        {
          sessionId: row.sessionId,
          rowIndex: i,
          email: `member-${driver}-${i}@example.test`,
          name: `Member ${i}`,
          roleLabel: 'Member',
        },
        {
          sessionId: row.sessionId,
          rowIndex: i,
          email: `club-${driver}-${i}@example.test`,
          name: `Club ${i}`,
          roleLabel: 'Club',
        },
      ]),
    );
    const prefillOf = new Map(db.values.map((v) => [v.sessionId, v.value]));
    expect(db.values).toHaveLength(COUNT);
    expect(rows.map((r) => prefillOf.get(r.sessionId!))).toEqual(rows.map((_, i) => `M-${i}`));

    // The list filtered by the batch pages through exactly these sessions.
    const listed: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await api.fetch(
        `/api/sessions?bulkSendBatchId=${batchId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: { authorization: `Bearer ${account.accessToken}` } },
      );
      expect(page.status).toBe(200);
      const list = (await page.json()) as SessionList;
      for (const s of list.sessions) {
        expect(s.bulkSendBatchId).toBe(batchId);
        expect(s.templateId).toBe(template.templateId);
      }
      listed.push(...list.sessions.map((s) => s.sessionId));
      cursor = list.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(listed).toHaveLength(COUNT);
    expect(new Set(listed)).toEqual(sessionIds);

    // A few links, first to last, open on their own signer.
    for (const i of [0, 499, 999]) {
      const p = invites.get(rows[i]!.sessionId!)!.participants[1]!;
      const view = await api.fetch(`/api/signing/${p.signingUrl!.split('/s/')[1]}`);
      expect(view.status).toBe(200);
      expect(((await view.json()) as SigningView).participant).toMatchObject({
        name: `Club ${i}`,
        email: p.email,
      });
    }
  }, 120_000);

  // In-process only, to keep the suite fast: through BullMQ it is the same send in a bigger job.
  if (driver === 'in-process') {
    it('10,000 entries: succeeds with 10,000 created rows', async () => {
      const COUNT = 10_000;
      const res = await api.post(
        '/api/templates/send',
        { templateId: template.templateId, notify: false, signingRequests: entries(COUNT, 'big') },
        account.accessToken,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as TemplateSendResponse;
      const rows = body.instantiation.sessions;
      expect(rows).toHaveLength(COUNT);
      const sessionIds = new Set<string>();
      for (const [i, row] of rows.entries()) {
        if (row.status !== 'created' || row.rowIndex !== i || !row.sessionId) {
          expect.fail(`row ${i}: ${JSON.stringify(row)}`);
        }
        sessionIds.add(row.sessionId);
      }
      expect(sessionIds.size).toBe(COUNT);
      expect(body.invites).toHaveLength(COUNT);
      const urls = new Set(body.invites.flatMap((i) => i.participants.map((p) => p.signingUrl)));
      expect(urls.size).toBe(2 * COUNT);
      const db = await committed(api, body.instantiation.bulkSendBatchId!);
      expect(db.people).toHaveLength(2 * COUNT);
      expect(new Set(db.people.map((p) => p.sessionId))).toEqual(sessionIds);
      expect(db.values).toHaveLength(COUNT);
    }, 180_000);

    it('a send job stopped between two commits resumes after the rows it committed, none made twice', async () => {
      const COUNT = 250;
      const body = JSON.stringify({
        templateId: template.templateId,
        notify: false,
        signingRequests: entries(COUNT, 'resume'),
      });
      const payload = { accountId: account.accountId, body };
      const run = (jobId: string) =>
        api.queue.run<SendJobResult>(templatesSendJob, payload, { jobId, timeoutMs: 60_000 });
      const first = unwrapSend<TemplateSendOutcome>(api.runtime.ctx, await run('resume-job')).body;
      const links = (body: TemplateSendResponse) =>
        body.invites.flatMap((i) => i.participants.map((p) => p.signingUrl));

      // What a worker stopped after its fourth chunk (200 entries) leaves behind: those rows, no answer.
      const db = api.runtime.ctx.db;
      await db.delete(sendResults).where(eq(sendResults.jobId, 'resume-job'));
      await db.delete(sessions).where(and(eq(sessions.sendJobId, 'resume-job'), gte(sessions.rowIndex, 200)));

      const again = unwrapSend<TemplateSendOutcome>(api.runtime.ctx, await run('resume-job')).body;
      const rows = again.instantiation.sessions;
      expect(rows.map((r) => [r.rowIndex, r.status])).toEqual(
        Array.from({ length: COUNT }, (_, i) => [i, 'created']),
      );
      expect(again.instantiation.bulkSendBatchId).toBe(first.instantiation.bulkSendBatchId);
      // The committed rows are answered as they were, with the same sessions and links.
      expect(rows.slice(0, 200)).toEqual(first.instantiation.sessions.slice(0, 200));
      expect(links(again).slice(0, 400)).toEqual(links(first).slice(0, 400));
      const [made] = await db
        .select({ n: count(), rows: countDistinct(sessions.rowIndex) })
        .from(sessions)
        .where(eq(sessions.sendJobId, 'resume-job'));
      expect(made).toEqual({ n: COUNT, rows: COUNT });
      expect(new Set(links(again)).size).toBe(2 * COUNT);
    }, 120_000);
  }
});
