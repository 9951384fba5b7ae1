import { addMember, localDrive } from '@countersign/core';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { MEMBER_SCOPES } from './fixtures/scopes.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { WebClient } from './web-support.ts';

// Tokens that carry who made them and what they may do, and test tokens as a sandbox (docs/permissions.md,
// docs/test-mode.md). The matrix of every route and caller is permissions-matrix.test.ts; this file follows
// the rules through their consequences.

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let owner: WebClient;
let cloudFileId: string;

const exchange = async (refreshToken: string) => {
  const res = await api.post('/connect/token', { refresh_token: refreshToken });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

const asToken = (token: string, method: string, path: string, body?: unknown) =>
  api.fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function mint(web: WebClient, body: Record<string, unknown>) {
  const res = await web.post('/api/tokens', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { tokenId: string; refreshToken: string; scopes: string[] };
}

const sendBody = (title: string) => ({
  cloudFileIds: [cloudFileId],
  title,
  signingRequests: [{ recipients: [{ name: 'Sam Signer', email: 'sam@example.test' }] }],
  authRequirement: 'public',
  notify: false,
});

type Sent = { rows: { sessionId: string; participants: { participantId: string }[] }[] };

beforeAll(async () => {
  api = await startTestApi();
  account = await api.newAccount('Scopes', 'owner@scopes.test');
  owner = await WebClient.forMember(api, account.ownerMemberId);
  ({ cloudFileId } = await (await localDrive(api.runtime.ctx, account.accountId)).put(
    'Lease.pdf',
    await makePdf(1, 'scoped tokens'),
  ));
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('tokens carry their creator and scopes', () => {
  it("a member's token holds a member's scopes, never account:admin, and says so in the access token", async () => {
    const dana = await addMember(api.runtime.ctx, account.accountId, {
      email: 'dana@scopes.test',
      role: 'member',
    });
    const web = await WebClient.forMember(api, dana.id);

    const refused = await web.post('/api/tokens', { scopes: ['sessions:send', 'account:admin'] });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'insufficient_scope', scope: 'account:admin' });

    const made = await mint(web, { label: 'dana ci' });
    expect(made.scopes).toEqual(MEMBER_SCOPES);
    const access = await exchange(made.refreshToken);
    expect(decodeJwt(access).scope).toBe(MEMBER_SCOPES.join(' '));

    // Within a member's powers: sends yes, administration no (with the RFC 6750 challenge).
    expect((await asToken(access, 'GET', '/api/sessions')).status).toBe(200);
    const invite = await asToken(access, 'POST', '/api/members', {
      email: 'mallory@evil.test',
      role: 'owner',
    });
    expect(invite.status).toBe(403);
    expect(invite.headers.get('www-authenticate')).toBe(
      'Bearer realm="countersign", error="insufficient_scope", scope="account:admin"',
    );
    const renamed = await asToken(access, 'PATCH', '/api/account', { name: 'Taken over' });
    expect(renamed.status).toBe(403);
  });

  it('a member sees and revokes only their own tokens; an owner sees every token with its creator', async () => {
    const erin = await addMember(api.runtime.ctx, account.accountId, {
      email: 'erin@scopes.test',
      role: 'member',
    });
    const web = await WebClient.forMember(api, erin.id);
    const own = await mint(web, { label: 'erin' });
    const production = await mint(owner, { label: 'production' });

    const listed = (await (await web.get('/api/tokens')).json()) as { tokens: { tokenId: string }[] };
    expect(listed.tokens.map((t) => t.tokenId)).toEqual([own.tokenId]);
    // The integrator's production token is not the member's to revoke: it does not exist for them.
    expect((await web.delete(`/api/tokens/${production.tokenId}`)).status).toBe(404);
    expect((await asToken(await exchange(production.refreshToken), 'GET', '/api/me')).status).toBe(200);

    const all = (await (await owner.get('/api/tokens')).json()) as {
      tokens: {
        tokenId: string;
        label: string | null;
        createdBy: Record<string, unknown>;
        scopes: string[];
      }[];
    };
    const erinsToken = all.tokens.find((t) => t.tokenId === own.tokenId);
    expect(erinsToken?.createdBy).toEqual({
      kind: 'member',
      memberId: erin.id,
      email: 'erin@scopes.test',
      name: null,
    });
    expect(all.tokens.find((t) => t.label === 'initial')?.createdBy).toMatchObject({ kind: 'cli' });
    expect((await web.delete(`/api/tokens/${own.tokenId}`)).status).toBe(204);
  });

  it("a token made with a token keeps that token's creator and cannot widen it", async () => {
    const narrow = await mint(owner, { label: 'reader', scopes: ['sessions:read', 'templates:read'] });
    const access = await exchange(narrow.refreshToken);
    const wider = await asToken(access, 'POST', '/api/tokens', { scopes: ['sessions:send'] });
    expect(wider.status).toBe(403);
    const child = await asToken(access, 'POST', '/api/tokens', { label: 'child' });
    expect(child.status).toBe(201);
    expect(((await child.json()) as { scopes: string[] }).scopes).toEqual([
      'sessions:read',
      'templates:read',
    ]);
    const all = (await (await owner.get('/api/tokens')).json()) as {
      tokens: { label: string | null; createdBy: { memberId: string | null } }[];
    };
    expect(all.tokens.find((t) => t.label === 'child')?.createdBy.memberId).toBe(account.ownerMemberId);
  });

  it('demoting an owner narrows their tokens at once; removing a member revokes theirs', async () => {
    const olga = await addMember(api.runtime.ctx, account.accountId, {
      email: 'olga@scopes.test',
      role: 'owner',
    });
    const web = await WebClient.forMember(api, olga.id);
    const access = await exchange((await mint(web, { label: 'olga' })).refreshToken);
    expect((await asToken(access, 'PATCH', '/api/account', {})).status).toBe(200);

    const demoted = await owner.patch(`/api/members/${olga.id}`, { role: 'member' });
    expect(demoted.status).toBe(200);
    expect(await demoted.json()).toMatchObject({ role: 'member' });
    // The same access token, minted while she was an owner: account:admin is gone now.
    const refused = await asToken(access, 'PATCH', '/api/account', {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'insufficient_scope' });
    const me = (await (await asToken(access, 'GET', '/api/me')).json()) as { scopes: string[] };
    expect(me.scopes).toEqual(MEMBER_SCOPES);
    // A promotion gives her role its powers back, not her old tokens.
    expect((await owner.patch(`/api/members/${olga.id}`, { role: 'owner' })).status).toBe(200);
    expect((await asToken(access, 'PATCH', '/api/account', {})).status).toBe(403);

    expect((await owner.delete(`/api/members/${olga.id}`)).status).toBe(204);
    const gone = await asToken(access, 'GET', '/api/me');
    expect(gone.status).toBe(401);
    expect(await gone.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('keeps an owner: the last one can be neither demoted nor removed', async () => {
    const res = await owner.patch(`/api/members/${account.ownerMemberId}`, { role: 'member' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'last_owner' });
  });
});

describe('test mode is a sandbox', () => {
  let live: Sent['rows'][number];
  let testToken: string;

  beforeAll(async () => {
    const sent = await api.post('/api/sessions/send', sendBody('Live lease'), account.accessToken);
    expect(sent.status).toBe(200);
    live = ((await sent.json()) as Sent).rows[0]!;
    testToken = await exchange((await mint(owner, { label: 'sandbox', test: true })).refreshToken);
  }, 60_000);

  it('a test token finds no live session anywhere', async () => {
    const { sessionId } = live;
    const participantId = live.participants[0]!.participantId;
    for (const [method, path] of [
      ['GET', `/api/sessions/${sessionId}`],
      ['GET', `/api/sessions/${sessionId}/audit`],
      ['GET', `/api/sessions/${sessionId}/participants/${participantId}/link`],
      ['POST', `/api/sessions/${sessionId}/participants/${participantId}/resend`],
    ] as const) {
      const res = await asToken(testToken, method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const cancel = await asToken(testToken, 'POST', '/api/sessions/cancel', { sessionId, reason: 'sandbox' });
    expect(cancel.status).toBe(404);
    const listed = (await (await asToken(testToken, 'GET', '/api/sessions')).json()) as {
      sessions: { sessionId: string; test: boolean }[];
    };
    expect(listed.sessions.every((s) => s.test)).toBe(true);
    // Nor can it purge, hold or release one: administration is live only.
    expect((await asToken(testToken, 'DELETE', `/api/sessions/${sessionId}`)).status).toBe(403);
    expect((await asToken(testToken, 'DELETE', `/api/sessions/${sessionId}/legal-hold`)).status).toBe(403);
    const detail = (await (
      await asToken(account.accessToken, 'GET', `/api/sessions/${sessionId}`)
    ).json()) as {
      status: string;
    };
    expect(detail.status).toBe('active');
  });

  it('a test token administers nothing: members, tokens, branding, settings, webhooks', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/members', { email: 'new.owner@example.test', role: 'owner' }],
      ['POST', '/api/tokens', { label: 'real' }],
      ['GET', '/api/tokens', undefined],
      ['PUT', '/api/account/branding', { frameOrigins: [] }],
      ['PATCH', '/api/account', { retentionDays: 1 }],
      ['POST', '/api/webhooks', { url: 'https://hooks.example.test/x' }],
    ] as const) {
      const res = await asToken(testToken, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    }
  });

  it('keeps Idempotency-Keys per mode: a live send after a test send with one key is a live session', async () => {
    const key = 'same-key-both-modes';
    const body = sendBody('Keyed lease');
    const first = await api.post('/api/sessions/send', body, testToken, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const second = await api.post('/api/sessions/send', body, account.accessToken, {
      'idempotency-key': key,
    });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const [testRow, liveRow] = [
      ((await first.json()) as Sent).rows[0]!,
      ((await second.json()) as Sent).rows[0]!,
    ];
    expect(liveRow.sessionId).not.toBe(testRow.sessionId);
    const liveSession = await asToken(account.accessToken, 'GET', `/api/sessions/${liveRow.sessionId}`);
    expect(((await liveSession.json()) as { test: boolean }).test).toBe(false);
    // Each mode replays its own answer.
    const again = await api.post('/api/sessions/send', body, testToken, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as Sent).rows[0]!.sessionId).toBe(testRow.sessionId);
  });
});
