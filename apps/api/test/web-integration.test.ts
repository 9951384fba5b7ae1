import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '@countersign/core';
import { driveConnections } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { sendTemplate } from './sends.ts';
import { WebClient } from './web-support.ts';

// The integration and drive pages' routes over real HTTP with a member's cookie (and bearer where integrators
// use them): refresh tokens, the allowance, the embedded drive, and Google Drive's OAuth code flow with PKCE
// against a local stand-in for Google's token and Drive endpoints.

/** Google's token endpoint and Drive `about`, as far as the flow uses them; checks PKCE like Google does. */
class FakeGoogle {
  server: Server;
  url = '';
  /** code -> the code_challenge it was issued for (set by the test as Google's consent page would). */
  codes = new Map<string, string>();
  exchanges: URLSearchParams[] = [];
  constructor() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const reply = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (req.url === '/token' && req.method === 'POST') {
          const form = new URLSearchParams(body);
          this.exchanges.push(form);
          const challenge = this.codes.get(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const ok =
            challenge !== undefined &&
            createHash('sha256').update(verifier).digest('base64url') === challenge &&
            form.get('client_secret') === 'google-secret';
          if (!ok) return reply(400, { error: 'invalid_grant' });
          this.codes.delete(form.get('code')!);
          return reply(200, { access_token: 'ya29.test', refresh_token: '1//refresh', expires_in: 3600 });
        }
        if (req.url?.startsWith('/drive/v3/about')) {
          if (req.headers.authorization !== 'Bearer ya29.test') return reply(401, {});
          return reply(200, { user: { emailAddress: 'drive.owner@gmail.test' } });
        }
        reply(404, {});
      });
    });
  }
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close = () => new Promise<void>((r) => this.server.close(() => r()));
}

let api: TestApi;
let google: FakeGoogle;
const clock = new ManualClock();

beforeAll(async () => {
  google = new FakeGoogle();
  await google.start();
  api = await startTestApi({
    clock,
    worker: false,
    env: {
      GDRIVE_AUTH_URL: `${google.url}/auth`,
      GDRIVE_TOKEN_URL: `${google.url}/token`,
      GDRIVE_BASE_URL: google.url,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    },
  });
});
afterAll(async () => {
  await api.close();
  await google.close();
});

describe('refresh tokens', () => {
  it('creates one (shown once), lists it with its last use, revokes it', async () => {
    const acme = await api.newAccount('Tokens Ltd', 'owner@tokens.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const created = await web.post('/api/tokens', { label: 'CRM sync' });
    expect(created.status).toBe(201);
    const { tokenId, refreshToken } = (await created.json()) as { tokenId: string; refreshToken: string };
    expect(refreshToken).toMatch(/^csrt_/);
    expect((await api.post('/connect/token', { refresh_token: refreshToken })).status).toBe(200);

    const list = (await (await web.get('/api/tokens')).json()) as {
      tokens: { tokenId: string; label: string; lastUsedAt: string | null; hint: string }[];
    };
    const mine = list.tokens.find((t) => t.tokenId === tokenId)!;
    expect(mine.label).toBe('CRM sync');
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(refreshToken);

    expect((await web.delete(`/api/tokens/${tokenId}`)).status).toBe(204);
    const refused = await api.post('/connect/token', { refresh_token: refreshToken });
    expect(refused.status).toBe(400);
    const after = (await (await web.get('/api/tokens')).json()) as { tokens: { tokenId: string }[] };
    expect(after.tokens.map((t) => t.tokenId)).not.toContain(tokenId);
  });
});

describe('allowance', () => {
  it('shows used, left, the reset time and today in the 30-day series after a send', async () => {
    const acme = await api.newAccount('Allowance Ltd', 'owner@allowance.test');
    const { templateId } = await createTestTemplate(api, acme.accountId, { roles: ['Client'] });
    const recipients = [1, 2, 3].map((n) => [
      { label: 'Client', name: `C ${n}`, email: `c${n}@example.test` },
    ]);
    await sendTemplate(api, acme.accessToken, templateId, recipients);
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const usage = (await (await web.get('/api/allowance')).json()) as {
      limit: number;
      used: number;
      left: number;
      resetsAt: string;
      daily: { date: string; units: number }[];
    };
    expect(usage.used).toBe(3);
    expect(usage.left).toBe(usage.limit - 3);
    expect(Date.parse(usage.resetsAt)).toBeGreaterThan(clock.now());
    expect(usage.daily).toHaveLength(30);
    expect(usage.daily.at(-1)).toEqual({ date: new Date(clock.now()).toISOString().slice(0, 10), units: 3 });
    expect(usage.daily.slice(0, -1).every((d) => d.units === 0)).toBe(true);
  });
});

describe('embedded drive', () => {
  it('uploads PDFs, lists, refuses a non-PDF without storing anything, deletes', async () => {
    const acme = await api.newAccount('Drive Ltd', 'owner@drive.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const form = new FormData();
    form.append('files', new Blob([await makePdf(1, 'offer')], { type: 'application/pdf' }), 'Offer.pdf');
    form.append('files', new Blob([await makePdf(2, 'terms')], { type: 'application/pdf' }), 'Terms.pdf');
    const up = await web.fetch('POST', '/api/drive/files', form);
    expect(up.status).toBe(201);
    const { files } = (await up.json()) as { files: { cloudFileId: string; filename: string }[] };
    expect(files.map((f) => f.filename)).toEqual(['Offer.pdf', 'Terms.pdf']);

    const bad = new FormData();
    bad.append('files', new Blob([await makePdf(1, 'ok')]), 'Fine.pdf');
    bad.append('files', new Blob(['just text']), 'notes.txt');
    const refused = await web.fetch('POST', '/api/drive/files', bad);
    // The template upload's verdict, in its words (drive-uploads.test.ts).
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'notes.txt was rejected (load-failed): The file could not be read as a PDF: it is not a PDF or its structure is damaged. Export or print it to a new PDF and upload that.',
    );

    const listed = (await (await web.get('/api/drive/files')).json()) as { files: { cloudFileId: string }[] };
    expect(listed.files.map((f) => f.cloudFileId)).toEqual(files.map((f) => f.cloudFileId));
    // The uploaded file is what an own-PDF send names.
    const send = await api.post(
      '/api/sessions/send',
      {
        cloudFileIds: [files[0]!.cloudFileId],
        notify: false,
        signingRequests: [{ recipients: [{ name: 'Dana', email: 'dana@example.test' }] }],
      },
      acme.accessToken,
    );
    expect(send.status).toBe(200);

    expect((await web.delete(`/api/drive/files/${files[1]!.cloudFileId}`)).status).toBe(204);
    const again = await web.delete(`/api/drive/files/${files[1]!.cloudFileId}`);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe('drive_file_not_found');
    // Another account cannot see or delete it.
    const other = await api.newAccount('Other Drive Ltd', 'owner@other-drive.test');
    const otherWeb = await WebClient.forMember(api, other.ownerMemberId);
    expect((await otherWeb.delete(`/api/drive/files/${files[0]!.cloudFileId}`)).status).toBe(404);
    expect(((await (await otherWeb.get('/api/drive/files')).json()) as { files: unknown[] }).files).toEqual(
      [],
    );
  });
});

describe('Google Drive connection', () => {
  it('connects with the authorization code and PKCE, shows the account, disconnects', async () => {
    const acme = await api.newAccount('Gdrive Ltd', 'owner@gdrive.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    expect(await (await web.get('/api/drive')).json()).toEqual({
      provider: 'local',
      account: null,
      googleOauthAvailable: true,
    });
    const started = (await (await web.post('/api/drive/gdrive/connect')).json()) as {
      authorizationUrl: string;
    };
    const consent = new URL(started.authorizationUrl);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${google.url}/auth`);
    const q = consent.searchParams;
    expect(q.get('client_id')).toBe('google-client');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('redirect_uri')).toBe(`${api.config.publicUrl}/api/drive/gdrive/callback`);
    expect(q.get('access_type')).toBe('offline');

    // Google's consent page issues a code for that challenge and redirects the browser back.
    google.codes.set('auth-code-1', q.get('code_challenge')!);
    const callback = `/api/drive/gdrive/callback?code=auth-code-1&state=${q.get('state')}`;
    const back = await api.fetch(callback, { headers: { cookie: web.cookie }, redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/app/drive?connected=gdrive');
    expect(google.exchanges.at(-1)?.get('grant_type')).toBe('authorization_code');
    expect(await (await web.get('/api/drive')).json()).toMatchObject({
      provider: 'gdrive',
      account: 'drive.owner@gmail.test',
    });
    const [row] = await api.runtime.db
      .select()
      .from(driveConnections)
      .where(eq(driveConnections.accountId, acme.accountId));
    expect(row!.settings).not.toContain('1//refresh'); // encrypted at rest

    // The same state again (replayed redirect): refused, and the connection stays as it is.
    google.codes.set('auth-code-2', q.get('code_challenge')!);
    const replay = await api.fetch(`/api/drive/gdrive/callback?code=auth-code-2&state=${q.get('state')}`, {
      headers: { cookie: web.cookie },
      redirect: 'manual',
    });
    expect(replay.headers.get('location')).toMatch(/^\/app\/drive\?error=drive_oauth_failed&message=/);

    expect((await web.delete('/api/drive/gdrive')).status).toBe(204);
    expect(await (await web.get('/api/drive')).json()).toMatchObject({ provider: 'local', account: null });
  });

  it("refuses another account's state and a code Google rejects; nothing is connected", async () => {
    const a = await api.newAccount('State A', 'owner@state-a.test');
    const b = await api.newAccount('State B', 'owner@state-b.test');
    const webA = await WebClient.forMember(api, a.ownerMemberId);
    const webB = await WebClient.forMember(api, b.ownerMemberId);
    const started = (await (await webA.post('/api/drive/gdrive/connect')).json()) as {
      authorizationUrl: string;
    };
    const q = new URL(started.authorizationUrl).searchParams;
    google.codes.set('code-a', q.get('code_challenge')!);
    const stolen = await api.fetch(`/api/drive/gdrive/callback?code=code-a&state=${q.get('state')}`, {
      headers: { cookie: webB.cookie },
      redirect: 'manual',
    });
    expect(stolen.headers.get('location')).toMatch(/error=drive_oauth_failed/);
    expect(((await (await webB.get('/api/drive')).json()) as { provider: string }).provider).toBe('local');

    // A's own callback, but with a code Google does not know.
    const wrong = await api.fetch(`/api/drive/gdrive/callback?code=forged&state=${q.get('state')}`, {
      headers: { cookie: webA.cookie },
      redirect: 'manual',
    });
    const location = new URL(wrong.headers.get('location')!, api.url);
    expect(location.searchParams.get('error')).toBe('drive_oauth_failed');
    expect(location.searchParams.get('message')).toBe(
      'Google refused the authorization code (invalid_grant)',
    );
    expect(((await (await webA.get('/api/drive')).json()) as { provider: string }).provider).toBe('local');
  });
});
