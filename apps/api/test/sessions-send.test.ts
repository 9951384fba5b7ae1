import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectGoogleDrive, localDrive } from '@countersign/core';
import { startTestSmtpServer } from '@countersign/mail/testing';
import { startRedis } from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEncryptedPdf, makePdf } from './fixtures/pdfs.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { queueTopologies } from './queue-topologies.ts';

type Row = {
  row: number;
  status: 'sent' | 'failed';
  sessionId?: string;
  error?: string;
  message?: string;
  documents?: {
    documentId: string;
    cloudFileId: string | null;
    filename: string;
    sourceFileSafeToDelete: boolean;
  }[];
  participants?: { participantId: string; email: string; signingUrl: string | null; displayName?: string }[];
};

const recipients = (...names: string[]) =>
  names.map((n) => ({ name: n, email: `${n.toLowerCase()}@example.test` }));

const topologies = queueTopologies();

describe.each(topologies)('POST /api/sessions/send through the %s queue', (_driver, options) => {
  let api: TestApi;
  let account: Awaited<ReturnType<TestApi['newAccount']>>;
  let fileId: string;
  let secondFileId: string;

  beforeAll(async () => {
    api = await startTestApi(options());
    account = await api.newAccount();
    const drive = await localDrive(api.runtime.ctx, account.accountId);
    fileId = (await drive.put('Master agreement.pdf', await makePdf(3, `master-${_driver}`))).cloudFileId;
    secondFileId = (await drive.put('Annex.pdf', await makePdf(1, `annex-${_driver}`))).cloudFileId;
  });
  afterAll(() => api.close());

  const send = (body: unknown, token = account.accessToken) => api.post('/api/sessions/send', body, token);

  it('creates one session per entry with the defaults of part 4.3 and answers 200', async () => {
    const res = await send({
      cloudFileIds: [fileId, secondFileId],
      signingRequests: [{ recipients: recipients('Ann', 'Bob') }, { recipients: recipients('Cid') }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    const { rows } = (await res.json()) as { rows: Row[] };
    expect(rows.map((r) => [r.row, r.status])).toEqual([
      [0, 'sent'],
      [1, 'sent'],
    ]);
    const [first] = rows;
    expect(first!.documents!.map((d) => [d.cloudFileId, d.filename, d.sourceFileSafeToDelete])).toEqual([
      [fileId, 'Master agreement.pdf', true],
      [secondFileId, 'Annex.pdf', true],
    ]);
    expect(first!.participants!.map((p) => p.displayName)).toEqual(['Ann', 'Bob']);
    for (const p of first!.participants!)
      expect(p.signingUrl).toMatch(new RegExp(`^${api.config.publicUrl}/s/[A-Za-z0-9_-]{43}$`));

    const detail = (await (
      await api.fetch(`/api/sessions/${first!.sessionId}`, {
        headers: { authorization: `Bearer ${account.accessToken}` },
      })
    ).json()) as Record<string, unknown>;
    // Defaults: title = first file's name, parallel, otp, 30 days, notify false.
    expect(detail).toMatchObject({
      title: 'Master agreement.pdf',
      signingType: 'parallel',
      authRequirement: 'otp',
      notify: false,
      status: 'active',
    });
    const days =
      (Date.parse(detail.expiresAt as string) - Date.parse(detail.createdAt as string)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    // The prepared document has the appended signature page.
    const docs = detail.documents as { pageCount: number; documentId: string }[];
    expect(docs[0]!.pageCount).toBeGreaterThan(3);
  });

  it('prepares each distinct document once for many entries and answers 207 when some rows fail', async () => {
    const res = await send({
      cloudFileIds: [fileId],
      title: 'Lease',
      signingType: 'sequential',
      signingRequests: [
        {
          recipients: [
            { name: 'A', email: 'a@example.test', order: 2 },
            { name: 'B', email: 'b@example.test', order: 1 },
          ],
        },
        {
          recipients: [
            { name: 'A', email: 'dup@example.test' },
            { name: 'B', email: 'DUP@example.test' },
          ],
        },
        {
          recipients: [
            { name: 'A', email: 'a@example.test', order: 3 },
            { name: 'B', email: 'b@example.test', order: 3 },
          ],
        },
        {
          recipients: [
            { name: 'A', email: 'a@example.test', order: 1 },
            { name: 'B', email: 'b@example.test' },
          ],
        },
        { recipients: recipients('Solo') },
      ],
    });
    expect(res.status).toBe(207);
    const { rows } = (await res.json()) as { rows: Row[] };
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ['sent', undefined],
      ['failed', 'duplicate_signer_email'],
      ['failed', 'invalid_signing_order'],
      ['failed', 'invalid_signing_order'],
      ['sent', undefined],
    ]);
    expect(rows[1]!.message).toContain('DUP@example.test');
    expect(rows[2]!.message).toContain('distinct');
    expect(rows[3]!.message).toContain('every recipient an order or none');
    expect(rows[1]!.sessionId).toBeUndefined();
    // Not the whole call succeeded: the source may not be deleted yet.
    expect(rows[0]!.documents![0]!.sourceFileSafeToDelete).toBe(false);
    const detail = (await (
      await api.fetch(`/api/sessions/${rows[0]!.sessionId}`, {
        headers: { authorization: `Bearer ${account.accessToken}` },
      })
    ).json()) as { title: string; participants: { name: string; signingOrder: number }[] };
    expect(detail.title).toBe('Lease');
    expect(detail.participants.map((p) => [p.name, p.signingOrder])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
  });

  it('accepts any distinct positive orders (gaps allowed) and stores the rank 1..n as the signing order', async () => {
    const res = await send({
      cloudFileIds: [fileId],
      signingType: 'sequential',
      signingRequests: [
        {
          recipients: [
            { name: 'C', email: 'c@example.test', order: 30 },
            { name: 'A', email: 'a@example.test', order: 10 },
            { name: 'B', email: 'b@example.test', order: 20 },
          ],
        },
        {
          recipients: [
            { name: 'Y', email: 'y@example.test', order: 1000 },
            { name: 'X', email: 'x@example.test', order: 7 },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    const { rows } = (await res.json()) as { rows: Row[] };
    const orders = async (sessionId: string) => {
      const detail = (await (
        await api.fetch(`/api/sessions/${sessionId}`, {
          headers: { authorization: `Bearer ${account.accessToken}` },
        })
      ).json()) as { participants: { name: string; signingOrder: number; status: string }[] };
      return detail.participants.map((p) => [p.name, p.signingOrder, p.status]);
    };
    expect(await orders(rows[0]!.sessionId!)).toEqual([
      ['C', 3, 'pending'],
      ['A', 1, 'notified'],
      ['B', 2, 'pending'],
    ]);
    expect(await orders(rows[1]!.sessionId!)).toEqual([
      ['Y', 2, 'pending'],
      ['X', 1, 'notified'],
    ]);
  });

  it('answers 422 with rows when every entry fails, and creates nothing', async () => {
    const before = await listCount(api, account.accessToken);
    const res = await send({
      cloudFileIds: [fileId],
      signingRequests: [
        {
          recipients: [
            { name: 'X', email: 'x@example.test' },
            { name: 'Y', email: 'x@example.test' },
          ],
        },
      ],
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; message: string; rows: Row[] };
    expect(body.error).toBe('all_rows_failed');
    expect(body.rows[0]).toMatchObject({ row: 0, status: 'failed', error: 'duplicate_signer_email' });
    expect(await listCount(api, account.accessToken)).toBe(before);
  });

  it('rejects encrypted and unreadable documents with 422 failedDocuments before creating anything', async () => {
    const drive = await localDrive(api.runtime.ctx, account.accountId);
    const locked = (await drive.put('locked.pdf', await makeEncryptedPdf())).cloudFileId;
    const junk = (await drive.put('junk.pdf', new TextEncoder().encode('%PDF-1.7\nnot really a pdf')))
      .cloudFileId;
    const before = await listCount(api, account.accessToken);
    const res = await send({
      cloudFileIds: [fileId, locked, junk],
      signingRequests: [{ recipients: recipients('Ann') }],
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: string;
      message: string;
      failedDocuments: Record<string, unknown>[];
    };
    expect(body.error).toBe('documents_rejected');
    expect(body.failedDocuments.map((d) => [d.cloudFileId, d.filename, d.reason])).toEqual([
      [locked, 'locked.pdf', 'encrypted'],
      [junk, 'junk.pdf', 'load-failed'],
    ]);
    for (const d of body.failedDocuments) expect(typeof d.message).toBe('string');
    expect(await listCount(api, account.accessToken)).toBe(before);
  });

  it("answers 400 with cloudFileId for a file the drive does not know (another account's file included)", async () => {
    const other = await api.newAccount('Other');
    const theirs = (
      await (await localDrive(api.runtime.ctx, other.accountId)).put('theirs.pdf', await makePdf(1, 'theirs'))
    ).cloudFileId;
    for (const id of ['lf_00000000000000000000000000000000', theirs]) {
      const res = await send({ cloudFileIds: [id], signingRequests: [{ recipients: recipients('Ann') }] });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'cloud_file_not_found', cloudFileId: id });
    }
  });

  it('answers 400 for bad bodies and 401 without a token, creating nothing', async () => {
    const bad = await send({
      cloudFileIds: [fileId],
      signingRequests: [{ recipients: [{ name: 'A', email: 'nope' }] }],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain(
      'signingRequests[0].recipients[0].email: invalid email',
    );
    const unknown = await send({
      cloudFileIds: [fileId],
      signingRequests: [{ recipients: recipients('A'), extra: 1 }],
    });
    expect(unknown.status).toBe(400);
    const unauth = await api.post('/api/sessions/send', {
      cloudFileIds: [fileId],
      signingRequests: [{ recipients: recipients('A') }],
    });
    expect(unauth.status).toBe(401);
  });

  it('keeps sessions to their account: another account gets 404 for the session and its documents', async () => {
    const res = await send({ cloudFileIds: [fileId], signingRequests: [{ recipients: recipients('Ann') }] });
    const { rows } = (await res.json()) as { rows: Row[] };
    const sessionId = rows[0]!.sessionId!;
    const documentId = rows[0]!.documents![0]!.documentId;
    const own = await api.fetch(`/api/sessions/${sessionId}/documents/${documentId}`, {
      headers: { authorization: `Bearer ${account.accessToken}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await own.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const other = await api.newAccount('Intruder');
    for (const path of [`/api/sessions/${sessionId}`, `/api/sessions/${sessionId}/documents/${documentId}`]) {
      const res2 = await api.fetch(path, { headers: { authorization: `Bearer ${other.accessToken}` } });
      expect(res2.status).toBe(404);
    }
    const cancel = await api.post('/api/sessions/cancel', { sessionId }, other.accessToken);
    expect(cancel.status).toBe(404);
  });
});

describe('allowance, invites and drive failures', () => {
  let api: TestApi;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let drive: Server;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    drive = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 500, message: 'backend error' } }));
    });
    await new Promise<void>((r) => drive.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(drive.address() as AddressInfo).port}`;
    api = await startTestApi({
      env: { SMTP_URL: smtp.url, GDRIVE_BASE_URL: base, GDRIVE_TOKEN_URL: `${base}/token` },
    });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
    drive.close();
  });

  it('answers 502 with cloudFileId when the connected drive fails', async () => {
    const account = await api.newAccount();
    await connectGoogleDrive(api.runtime.ctx, account.accountId, { accessToken: 'ya29.test' });
    const res = await api.post(
      '/api/sessions/send',
      { cloudFileIds: ['1AbC'], signingRequests: [{ recipients: recipients('A') }] },
      account.accessToken,
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'drive_unavailable', cloudFileId: '1AbC' });
  });

  it('fails rows when the allowance runs out midway, then answers 429 with Retry-After', async () => {
    const account = await api.newAccount();
    const { setAllowance, PRICES } = await import('@countersign/core');
    const perEntry = PRICES.ownPdfSendEntry + PRICES.ownPdfSendDocument;
    await setAllowance(api.runtime.ctx, account.accountId, perEntry * 2, 86_400_000);
    const id = (
      await (await localDrive(api.runtime.ctx, account.accountId)).put('a.pdf', await makePdf(1, 'allowance'))
    ).cloudFileId;
    const res = await api.post(
      '/api/sessions/send',
      { cloudFileIds: [id], signingRequests: [1, 2, 3].map(() => ({ recipients: recipients('Ann') })) },
      account.accessToken,
    );
    expect(res.status).toBe(207);
    const { rows } = (await res.json()) as { rows: Row[] };
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'failed']);
    expect(rows[2]!.error).toBe('allowance_exhausted');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    const again = await api.post(
      '/api/sessions/send',
      { cloudFileIds: [id], signingRequests: [{ recipients: recipients('Ann') }] },
      account.accessToken,
    );
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await again.json()) as { error: string }).error).toBe('allowance_exhausted');
  });

  it('with notify true, emails the invites and fails the row whose invite the mail server refuses', async () => {
    const account = await api.newAccount();
    const id = (
      await (
        await localDrive(api.runtime.ctx, account.accountId)
      ).put('Offer.pdf', await makePdf(1, 'notify'))
    ).cloudFileId;
    smtp.reject('refused@example.test', 550);
    const res = await api.post(
      '/api/sessions/send',
      {
        cloudFileIds: [id],
        notify: true,
        signingRequests: [
          { recipients: [{ name: 'Good', email: 'good@example.test' }] },
          { recipients: [{ name: 'Refused', email: 'refused@example.test' }] },
        ],
      },
      account.accessToken,
    );
    expect(res.status).toBe(207);
    const { rows } = (await res.json()) as { rows: Row[] };
    expect(rows[0]!.status).toBe('sent');
    expect(rows[1]).toMatchObject({ status: 'failed', error: 'invite_rejected' });
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to ?? '').includes('good@example.test'), 5000);
    expect(mail.subject).toContain('Offer.pdf');
    expect(mail.text).toContain(rows[0]!.participants![0]!.signingUrl!);
    // The refused entry left no session behind.
    const list = (await (
      await api.fetch('/api/sessions', { headers: { authorization: `Bearer ${account.accessToken}` } })
    ).json()) as { sessions: unknown[] };
    expect(list.sessions).toHaveLength(1);
  });
});

describe('Redis down in the scaled topology', () => {
  it('answers 503 at once and recovers by itself', async () => {
    const own = await startRedis();
    const api = await startTestApi({ redisUrl: own.url });
    try {
      const account = await api.newAccount();
      const id = (
        await (await localDrive(api.runtime.ctx, account.accountId)).put('a.pdf', await makePdf(1, 'redis'))
      ).cloudFileId;
      const body = { cloudFileIds: [id], signingRequests: [{ recipients: recipients('Ann') }] };
      expect((await api.post('/api/sessions/send', body, account.accessToken)).status).toBe(200);
      await own.stop();
      await new Promise((r) => setTimeout(r, 200));
      const started = performance.now();
      const down = await api.post('/api/sessions/send', body, account.accessToken);
      expect(down.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(((await down.json()) as { error: string }).error).toBe('service_unavailable');
      expect((await api.fetch('/readyz')).status).toBe(503);
      await own.start();
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await api.post('/api/sessions/send', body, account.accessToken)).status;
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
    } finally {
      await api.close();
      await own.stop();
    }
  });
});

async function listCount(api: TestApi, token: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const res = await api.fetch(`/api/sessions?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await res.json()) as { sessions: unknown[]; nextCursor: string | null };
    count += page.sessions.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}
