import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectGoogleDrive, localDrive, ManualClock, setAllowance } from '@countersign/core';
import { idempotencyKeys, sessions } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { queueTopologies } from './queue-topologies.ts';

const SEND = '/api/sessions/send';
const TEMPLATE_SEND = '/api/templates/send';
const CANCEL = '/api/sessions/cancel';

type Account = Awaited<ReturnType<TestApi['newAccount']>>;

const entry = (...names: string[]) => ({
  recipients: names.map((n) => ({ name: n, email: `${n.toLowerCase()}@example.test` })),
});
const withKey = (key: string) => ({ 'idempotency-key': key });
/** A template send body for a one-role ('Client') template: cheap, no PDF work per call. */
const templateBody = (templateId: string, ...names: string[]) => ({
  templateId,
  notify: false,
  signingRequests: names.map((n) => ({
    recipients: [{ label: 'Client', name: n, email: `${n.toLowerCase()}@example.test` }],
  })),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sessions of the account, straight from the database: what a replay must not add to. */
const sessionCount = (api: TestApi, accountId: string) =>
  api.runtime.ctx.db.$count(sessions, eq(sessions.accountId, accountId));

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** What a replay must repeat exactly: status, body bytes and the kept headers. */
async function snapshot(res: Response) {
  return {
    status: res.status,
    body: await res.text(),
    contentType: res.headers.get('content-type'),
    rateLimitRemaining: res.headers.get('ratelimit-remaining'),
    replayed: res.headers.get('idempotent-replayed'),
  };
}

/**
 * A Google Drive stand-in on loopback. A file's download waits until the test opens its gate, so a send stays
 * in flight exactly as long as a test needs (no guessing how slow a big PDF is on this machine), and every
 * download is counted: one download per file means one job ran.
 */
interface GatedDrive {
  url: string;
  /** Registers a file id; `gated` downloads wait for `release`. */
  add(id: string, gated?: boolean): string;
  release(id: string): void;
  downloads(id: string): number;
  close(): Promise<void>;
}

async function startGatedDrive(): Promise<GatedDrive> {
  const pdf = await makePdf(1, 'gated drive');
  const gates = new Map<string, { open: Promise<void>; release: () => void }>();
  const counts = new Map<string, number>();
  const known = new Set<string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://drive.test');
    const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (!known.has(id)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 404, message: 'File not found' } }));
      return;
    }
    if (url.searchParams.get('alt') !== 'media') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ id, name: `${id}.pdf`, mimeType: 'application/pdf', size: String(pdf.length) }),
      );
      return;
    }
    counts.set(id, (counts.get(id) ?? 0) + 1);
    void (gates.get(id)?.open ?? Promise.resolve()).then(() => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) });
      res.end(Buffer.from(pdf));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    add(id, gated = false) {
      known.add(id);
      if (gated) {
        let release = () => {};
        const open = new Promise<void>((resolve) => {
          release = resolve;
        });
        gates.set(id, { open, release });
      }
      return id;
    },
    release: (id) => gates.get(id)?.release(),
    downloads: (id) => counts.get(id) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const gate of gates.values()) gate.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const topologies = queueTopologies();
let drive: GatedDrive;
beforeAll(async () => {
  drive = await startGatedDrive();
});
afterAll(() => drive.close());

describe.each(topologies)('Idempotency-Key through the %s queue', (driver, driverOptions) => {
  let api: TestApi;
  let owner: Account;
  let remote: Account;
  let fileId: string;
  let templateId: string;

  beforeAll(async () => {
    api = await startTestApi({ ...driverOptions(), env: { GDRIVE_BASE_URL: drive.url } });
    [owner, remote] = await Promise.all([api.newAccount('Owner'), api.newAccount('Remote drive')]);
    fileId = (
      await (await localDrive(api.runtime.ctx, owner.accountId)).put('Offer.pdf', await makePdf(2, driver))
    ).cloudFileId;
    templateId = (await createTestTemplate(api, owner.accountId, { roles: ['Client'] })).templateId;
    await connectGoogleDrive(api.runtime.ctx, remote.accountId, { accessToken: 'ya29.gated' });
  });
  afterAll(() => api.close());

  it('replays the first own-PDF send byte for byte with Idempotent-Replayed and creates nothing new', async () => {
    const body = { cloudFileIds: [fileId], signingRequests: [entry('Ann', 'Bob'), entry('Cid')] };
    const key = `own-pdf-${driver}`;
    const first = await snapshot(await api.post(SEND, body, owner.accessToken, withKey(key)));
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    expect(first.rateLimitRemaining).toMatch(/^\d+$/);
    const created = await sessionCount(api, owner.accountId);

    const retry = await api.post(SEND, body, owner.accessToken, withKey(key));
    // The request id is the replay's own; everything else is the first answer.
    expect(retry.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await snapshot(retry)).toEqual({ ...first, replayed: 'true' });
    expect(await sessionCount(api, owner.accountId)).toBe(created);
  });

  it('replays a template send byte for byte and creates nothing new', async () => {
    const body = templateBody(templateId, 'Ann', 'Bob');
    const key = `template-${driver}`;
    const first = await snapshot(await api.post(TEMPLATE_SEND, body, owner.accessToken, withKey(key)));
    expect(first.status).toBe(200);
    const created = await sessionCount(api, owner.accountId);
    const retry = await snapshot(await api.post(TEMPLATE_SEND, body, owner.accessToken, withKey(key)));
    expect(retry).toEqual({ ...first, replayed: 'true' });
    expect(await sessionCount(api, owner.accountId)).toBe(created);
  });

  it('answers 409 idempotency_in_progress while the first call runs, then replays its answer', async () => {
    const id = drive.add(`inflight-${driver}`, true);
    const body = { cloudFileIds: [id], signingRequests: [entry('Ann'), entry('Bob')] };
    const key = `inflight-${driver}`;
    const firstCall = api.post(SEND, body, remote.accessToken, withKey(key));
    try {
      // The first call's job is downloading the file (and waits there): it is in flight.
      await until(() => drive.downloads(id) === 1, 'the first call to reach the drive');

      const concurrent = await api.post(SEND, body, remote.accessToken, withKey(key));
      expect(concurrent.status).toBe(409);
      expect(concurrent.headers.get('retry-after')).toBe('2');
      expect(await concurrent.json()).toMatchObject({ error: 'idempotency_in_progress' });
      // Another body under the running key is refused as reused, not queued.
      const other = await api.post(
        SEND,
        { ...body, signingRequests: [entry('Eve')] },
        remote.accessToken,
        withKey(key),
      );
      expect(other.status).toBe(422);
      expect(await other.json()).toMatchObject({ error: 'idempotency_key_reused' });
    } finally {
      drive.release(id);
    }
    const first = await snapshot(await firstCall);
    expect(first.status).toBe(200);
    const replay = await snapshot(await api.post(SEND, body, remote.accessToken, withKey(key)));
    expect(replay).toEqual({ ...first, replayed: 'true' });
    expect(drive.downloads(id)).toBe(1);
    expect(await sessionCount(api, remote.accountId)).toBe(2);
  });

  it('keeps keys per account: the same key under another account is independent', async () => {
    const key = `shared-${driver}`;
    const other = await api.newAccount('Other');
    const theirFile = (
      await (
        await localDrive(api.runtime.ctx, other.accountId)
      ).put('Theirs.pdf', await makePdf(1, `theirs-${driver}`))
    ).cloudFileId;
    const mine = await api.post(
      TEMPLATE_SEND,
      templateBody(templateId, 'Ann'),
      owner.accessToken,
      withKey(key),
    );
    expect(mine.status).toBe(200);
    // Another account, the same key, another route and body: neither a replay nor a reuse.
    const theirs = await api.post(
      SEND,
      { cloudFileIds: [theirFile], signingRequests: [entry('Zed')] },
      other.accessToken,
      withKey(key),
    );
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    const { rows } = (await theirs.json()) as { rows: { participants: { email: string }[] }[] };
    expect(rows[0]!.participants[0]!.email).toBe('zed@example.test');
    expect(await sessionCount(api, other.accountId)).toBe(1);
    // And the owner's key still replays the owner's answer.
    const again = await api.post(
      TEMPLATE_SEND,
      templateBody(templateId, 'Ann'),
      owner.accessToken,
      withKey(key),
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it("retries a send that timed out with its key and gets the job's real result, with one set of sessions", async () => {
    const slow = await startTestApi({
      ...driverOptions(),
      env: { GDRIVE_BASE_URL: drive.url, SEND_TIMEOUT_MS: '150' },
    });
    const id = drive.add(`timeout-${driver}`, true);
    try {
      const account = await slow.newAccount();
      await connectGoogleDrive(slow.runtime.ctx, account.accountId, { accessToken: 'ya29.gated' });
      const body = { cloudFileIds: [id], signingRequests: [entry('Ann'), entry('Bob'), entry('Cid')] };
      const key = `timeout-${driver}`;
      const call = (b: unknown = body) => slow.post(SEND, b, account.accessToken, withKey(key));

      const timedOut = await call();
      expect(timedOut.status).toBe(503);
      expect(Number(timedOut.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await timedOut.json()).toMatchObject({ error: 'send_timeout' });
      // No answer was kept, yet the key still belongs to that request: another body is refused.
      const reused = await call({ ...body, signingRequests: [entry('Eve')] });
      expect(reused.status).toBe(422);
      expect(await reused.json()).toMatchObject({ error: 'idempotency_key_reused' });
      // A retry while the job still runs attaches to it (and times out again) instead of starting another.
      const attached = await call();
      expect(attached.status).toBe(503);
      await attached.arrayBuffer();
      // The one job reaches the gated download (on a job thread it may start after the first timeout).
      await expect.poll(() => drive.downloads(id), { timeout: 15_000 }).toBe(1);

      drive.release(id);
      let done: Response | undefined;
      const deadline = Date.now() + 20_000;
      while (!done && Date.now() < deadline) {
        const res = await call();
        if (res.status !== 503) done = res;
        else {
          await res.arrayBuffer();
          await sleep(50);
        }
      }
      expect(done?.status).toBe(200);
      const result = await snapshot(done!);
      const rows = (JSON.parse(result.body) as { rows: { status: string; sessionId: string }[] }).rows;
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
      // Exactly one set of sessions, from the one job, which downloaded the file once.
      expect(drive.downloads(id)).toBe(1);
      const stored = await slow.runtime.ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.accountId, account.accountId))
        .orderBy(sessions.id);
      expect(stored.map((s) => s.id)).toEqual(rows.map((r) => r.sessionId).sort());
      // From now on the key replays that answer.
      expect(await snapshot(await call())).toEqual({ ...result, replayed: 'true' });
    } finally {
      drive.release(id); // a failed assertion must not leave the job (and close) waiting
      await slow.close();
    }
  });

  it('does not keep answers a retry may change: a 429 is answered afresh once the allowance renews', async () => {
    const account = await api.newAccount('Thrifty');
    const own = (await createTestTemplate(api, account.accountId, { roles: ['Client'] })).templateId;
    await setAllowance(api.runtime.ctx, account.accountId, 0, 86_400_000);
    const body = templateBody(own, 'Ann');
    const key = `allowance-${driver}`;
    const refused = await api.post(TEMPLATE_SEND, body, account.accessToken, withKey(key));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'allowance_exhausted' });
    // Not kept, but still bound to its request.
    const other = await api.post(TEMPLATE_SEND, templateBody(own, 'Bob'), account.accessToken, withKey(key));
    expect(other.status).toBe(422);
    await setAllowance(api.runtime.ctx, account.accountId, 10, 86_400_000);
    const retried = await api.post(TEMPLATE_SEND, body, account.accessToken, withKey(key));
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await sessionCount(api, account.accountId)).toBe(1);
  });
});

describe('Idempotency-Key rules and lifetime', () => {
  // One API for these (PDF work starts a worker pool per API); its clock moves only in the last test.
  const clock = new ManualClock();
  let api: TestApi;
  let owner: Account;
  let templateId: string;

  beforeAll(async () => {
    api = await startTestApi({ clock });
    owner = await api.newAccount();
    templateId = (await createTestTemplate(api, owner.accountId, { roles: ['Client'] })).templateId;
  });
  afterAll(() => api.close());

  const keyCount = () => api.runtime.ctx.db.$count(idempotencyKeys);
  const unknownSession = { sessionId: '00000000-0000-4000-8000-000000000000' };

  /** Each request, sent with `key`, must be refused with this status, error code and message. */
  async function expectRefused(
    requests: readonly (readonly [string, unknown])[],
    key: string,
    refusal: { status: number; error: string; message: RegExp },
  ): Promise<void> {
    for (const [path, payload] of requests) {
      const res = await api.post(path, payload, owner.accessToken, withKey(key));
      const body = (await res.json()) as { error: string; message: string };
      expect({ status: res.status, error: body.error }, path).toEqual({
        status: refusal.status,
        error: refusal.error,
      });
      expect(body.message, path).toMatch(refusal.message);
    }
  }

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['non-ASCII', 'clé-1'],
    ['a tab inside', 'a\tb'],
  ])('answers 400 to a key that is %s, before anything is claimed or created', async (_name, key) => {
    const before = { sessions: await sessionCount(api, owner.accountId), keys: await keyCount() };
    const everyRoute = [
      [SEND, { cloudFileIds: ['lf_x'], signingRequests: [entry('Ann')] }],
      [TEMPLATE_SEND, templateBody(templateId, 'Ann')],
      [CANCEL, unknownSession],
    ] as const;
    await expectRefused(everyRoute, key, {
      status: 400,
      error: 'invalid_request',
      message: /Idempotency-Key/,
    });
    expect({ sessions: await sessionCount(api, owner.accountId), keys: await keyCount() }).toEqual(before);
  });

  it('accepts 1 and 255 printable characters, inner spaces included', async () => {
    for (const key of ['x', `${'~'.repeat(127)} ${'!'.repeat(127)}`]) {
      expect([1, 255]).toContain(key.length);
      // A 404 is a final answer: kept and replayed like a success.
      const first = await snapshot(await api.post(CANCEL, unknownSession, owner.accessToken, withKey(key)));
      expect(first.status).toBe(404);
      expect(await snapshot(await api.post(CANCEL, unknownSession, owner.accessToken, withKey(key)))).toEqual(
        {
          ...first,
          replayed: 'true',
        },
      );
    }
  });

  it('answers 422 idempotency_key_reused for the same key with another body or on another route', async () => {
    const key = 'reuse-1';
    const body = templateBody(templateId, 'Ann');
    expect((await api.post(TEMPLATE_SEND, body, owner.accessToken, withKey(key))).status).toBe(200);
    const created = await sessionCount(api, owner.accountId);
    const others = [
      [TEMPLATE_SEND, templateBody(templateId, 'Bob')],
      // Same meaning, other bytes: the body is compared as sent.
      [TEMPLATE_SEND, JSON.stringify(body, null, 2)],
      [SEND, body],
      [CANCEL, unknownSession],
    ] as const;
    await expectRefused(others, key, {
      status: 422,
      error: 'idempotency_key_reused',
      message: /different request/,
    });
    expect(await sessionCount(api, owner.accountId)).toBe(created);
  });

  it('keeps final client errors: a 400 is replayed as it was', async () => {
    const key = 'unknown-file';
    const bad = { cloudFileIds: ['lf_00000000000000000000000000000000'], signingRequests: [entry('Ann')] };
    const first = await snapshot(await api.post(SEND, bad, owner.accessToken, withKey(key)));
    expect(first.status).toBe(400);
    expect(JSON.parse(first.body)).toMatchObject({ error: 'cloud_file_not_found' });
    expect(await snapshot(await api.post(SEND, bad, owner.accessToken, withKey(key)))).toEqual({
      ...first,
      replayed: 'true',
    });
  });

  it('replays a cancel: the retry says what the first call did, not what a new call would', async () => {
    const sent = (await (
      await api.post(TEMPLATE_SEND, templateBody(templateId, 'Ann'), owner.accessToken)
    ).json()) as {
      instantiation: { sessions: { sessionId: string }[] };
    };
    const cancel = { sessionId: sent.instantiation.sessions[0]!.sessionId, reason: 'Sent by mistake' };
    const first = await snapshot(await api.post(CANCEL, cancel, owner.accessToken, withKey('cancel-1')));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ cancelled: true, alreadyCancelled: false });
    const retry = await snapshot(await api.post(CANCEL, cancel, owner.accessToken, withKey('cancel-1')));
    expect(retry).toEqual({ ...first, replayed: 'true' });
    // Without the key, a repeat is a new call and reports the earlier cancellation.
    const repeat = await api.post(CANCEL, cancel, owner.accessToken);
    expect(await repeat.json()).toMatchObject({ alreadyCancelled: true });
  });

  it('documents the Idempotency-Key header on the two sends and cancel in the OpenAPI document', async () => {
    const doc = (await (await api.fetch('/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>
      >;
    };
    for (const path of [SEND, TEMPLATE_SEND, CANCEL]) {
      const header = doc.paths[path]?.post?.parameters?.find(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
      expect(header, path).toBeDefined();
      expect(header!.required ?? false).toBe(false);
    }
  });

  // Last: it moves the clock two days on.
  it('keeps a key for 24 hours; 24 h + 1 s later it is fresh again (for the same or another body)', async () => {
    const { accountId, refreshToken } = await api.newAccount();
    const token = async () => {
      const res = await api.post('/connect/token', { refresh_token: refreshToken });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const own = (await createTestTemplate(api, accountId, { roles: ['Client'] })).templateId;
    const send = async (name: string) =>
      api.post(TEMPLATE_SEND, templateBody(own, name), await token(), withKey('daily-1'));
    type Body = {
      instantiation: { sessions: { sessionId: string }[] };
      invites: { participants: { email: string }[] }[];
    };

    const first = await snapshot(await send('Ann'));
    expect(first.status).toBe(200);
    clock.advance(24 * 3_600_000);
    expect(await snapshot(await send('Ann'))).toEqual({ ...first, replayed: 'true' });
    expect((await send('Bob')).status).toBe(422);

    clock.advance(1_000);
    const again = await send('Ann');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const second = (await again.json()) as Body;
    expect(second.instantiation.sessions[0]!.sessionId).not.toBe(
      (JSON.parse(first.body) as Body).instantiation.sessions[0]!.sessionId,
    );
    expect(await sessionCount(api, accountId)).toBe(2);

    clock.advance(24 * 3_600_000 + 1_000);
    const other = await send('Bob');
    expect(other.status).toBe(200);
    expect(((await other.json()) as Body).invites[0]!.participants[0]!.email).toBe('bob@example.test');
    expect(await sessionCount(api, accountId)).toBe(3);
  });
});
