import { addMember } from '@countersign/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES as ALL, MEMBER_SCOPES as MEMBER } from './fixtures/scopes.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { WebClient } from './web-support.ts';

// Every operation of the served OpenAPI document, called as every kind of caller (docs/permissions.md). The
// expected access of each route is written out here, not read from the code: a route added without its entry,
// or declared with another scope than this table's, fails the first test.

type Expected =
  | 'anyone'
  | 'signer'
  | 'operator'
  /** The signed-in member's own things: the web app's cookie only. */
  | 'member'
  /** Any member or token of the account, test tokens too. */
  | 'any'
  /** Any member or token, not a test token. */
  | 'any-live'
  | `scope:${string}`
  /** A scope that a test token may not use either. */
  | `live:${string}`;

const EXPECTED: Record<string, Expected> = {
  'GET /healthz': 'anyone',
  'GET /readyz': 'anyone',
  'GET /metrics': 'operator',
  'POST /connect/token': 'anyone',
  'GET /api/auth/setup': 'anyone',
  'POST /api/auth/setup': 'anyone',
  'POST /api/auth/sign-in': 'anyone',
  'POST /api/auth/sign-in/verify': 'anyone',
  'POST /api/auth/sign-in/passkey/options': 'anyone',
  'POST /api/auth/sign-in/passkey': 'anyone',
  'GET /api/me': 'any',
  'POST /api/auth/sign-out': 'member',
  'GET /api/me/sessions': 'member',
  'DELETE /api/me/sessions/{sessionId}': 'member',
  'GET /api/me/preferences': 'member',
  'PATCH /api/me/preferences': 'member',
  'GET /api/me/passkeys': 'member',
  'POST /api/me/passkeys/options': 'member',
  'POST /api/me/passkeys': 'member',
  'PATCH /api/me/passkeys/{passkeyId}': 'member',
  'DELETE /api/me/passkeys/{passkeyId}': 'member',
  'GET /api/members': 'scope:account:read',
  'POST /api/members': 'live:account:admin',
  'PATCH /api/members/{memberId}': 'live:account:admin',
  'DELETE /api/members/{memberId}': 'live:account:admin',
  'GET /api/account': 'scope:account:read',
  'PATCH /api/account': 'live:account:admin',
  'GET /api/account/branding': 'scope:account:read',
  'PUT /api/account/branding': 'live:account:admin',
  'GET /api/allowance': 'scope:account:read',
  'GET /api/activity': 'live:account:admin',
  'GET /api/activity/export.csv': 'live:account:admin',
  'GET /api/account/sso': 'live:account:admin',
  'PUT /api/account/sso': 'live:account:admin',
  'DELETE /api/account/sso': 'live:account:admin',
  'POST /api/account/sso/verification': 'live:account:admin',
  'POST /api/account/sso/verification/check': 'live:account:admin',
  'POST /api/auth/sso/start': 'anyone',
  'GET /api/auth/sso/oidc/callback': 'anyone',
  'POST /api/auth/sso/saml/acs': 'anyone',
  'GET /api/auth/sso/saml/metadata/{accountId}': 'anyone',
  'GET /api/tokens': 'any-live',
  'POST /api/tokens': 'any-live',
  'DELETE /api/tokens/{tokenId}': 'any-live',
  'GET /api/drive': 'scope:drive',
  'POST /api/drive/gdrive/connect': 'live:account:admin',
  'GET /api/drive/gdrive/callback': 'live:account:admin',
  'DELETE /api/drive/gdrive': 'live:account:admin',
  'GET /api/drive/files': 'scope:drive',
  'POST /api/drive/files': 'scope:drive',
  'DELETE /api/drive/files/{cloudFileId}': 'scope:drive',
  'GET /api/drive/files/{cloudFileId}/content': 'scope:drive',
  'POST /api/sessions/send': 'scope:sessions:send',
  'POST /api/sessions/cancel': 'scope:sessions:cancel',
  'POST /api/sessions/remind': 'scope:sessions:send',
  'GET /api/sends/progress': 'scope:sessions:send',
  'GET /api/reports/sessions': 'scope:sessions:read',
  'GET /api/reports/sessions.csv': 'scope:sessions:read',
  'POST /api/sessions/test/purge': 'scope:sessions:cancel',
  'GET /api/sessions': 'scope:sessions:read',
  'GET /api/sessions/{sessionId}': 'scope:sessions:read',
  'DELETE /api/sessions/{sessionId}': 'live:account:admin',
  'GET /api/sessions/{sessionId}/audit': 'scope:sessions:read',
  'GET /api/sessions/{sessionId}/audit.csv': 'scope:sessions:read',
  'GET /api/sessions/{sessionId}/documents/{documentId}': 'scope:sessions:read',
  'PUT /api/sessions/{sessionId}/legal-hold': 'live:account:admin',
  'DELETE /api/sessions/{sessionId}/legal-hold': 'live:account:admin',
  'POST /api/sessions/{sessionId}/participants/{participantId}/resend': 'scope:sessions:send',
  'GET /api/sessions/{sessionId}/participants/{participantId}/link': 'scope:sessions:send',
  'POST /api/templates/send': 'scope:sessions:send',
  'POST /api/templates': 'scope:templates:write',
  'GET /api/templates': 'scope:templates:read',
  'GET /api/templates/{templateId}': 'scope:templates:read',
  'PUT /api/templates/{templateId}': 'scope:templates:write',
  'DELETE /api/templates/{templateId}': 'scope:templates:write',
  'POST /api/templates/{templateId}/duplicate': 'scope:templates:write',
  'POST /api/templates/{templateId}/archive': 'scope:templates:write',
  'POST /api/templates/{templateId}/restore': 'scope:templates:write',
  'PUT /api/templates/{templateId}/tags': 'scope:templates:write',
  'GET /api/templates/{templateId}/documents/{index}': 'scope:templates:read',
  'POST /api/templates/{templateId}/test': 'member',
  'GET /api/webhooks': 'live:webhooks',
  'POST /api/webhooks': 'live:webhooks',
  'GET /api/webhooks/{webhookId}': 'live:webhooks',
  'PATCH /api/webhooks/{webhookId}': 'live:webhooks',
  'DELETE /api/webhooks/{webhookId}': 'live:webhooks',
  'POST /api/webhooks/{webhookId}/test': 'live:webhooks',
  'POST /api/webhooks/{webhookId}/rotate-secret': 'live:webhooks',
  'POST /api/webhooks/{webhookId}/enable': 'live:webhooks',
  'GET /api/webhooks/{webhookId}/deliveries': 'live:webhooks',
  'POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': 'live:webhooks',
  'GET /api/signing/{token}': 'signer',
  'POST /api/signing/{token}/code': 'signer',
  'POST /api/signing/{token}/code/verify': 'signer',
  'POST /api/signing/{token}/text-check': 'signer',
  'POST /api/signing/{token}/sign': 'signer',
  'POST /api/signing/{token}/decline': 'signer',
  'PUT /api/signing/{token}/draft': 'signer',
  'GET /api/signing/{token}/documents/{documentId}': 'signer',
  'GET /api/signing/{token}/documents/{documentId}/pages/{page}': 'signer',
  'GET /api/signing/{token}/documents/{documentId}/pages/{page}/text': 'signer',
};

interface Caller {
  name: string;
  /** Sends one request as this caller. */
  call: (method: string, path: string, body?: unknown) => Promise<Response>;
  cookie: boolean;
  scopes: string[];
  test: boolean;
  /** Revoked (its member was removed): every call is 401. */
  revoked?: boolean;
}

interface Access {
  caller: string;
  scope?: string | null;
  live?: boolean;
}

interface Operation {
  name: string;
  method: string;
  path: string;
  access: Access;
}

let api: TestApi;
let operations: Operation[];
const callers: Caller[] = [];

/** What `caller` should get from an operation of `expected`: allowed, or the refusal's status and code. */
function outcome(caller: Caller, expected: Expected): 'allowed' | [401 | 403, string] {
  if (caller.revoked) return [401, 'unauthorized'];
  if (expected === 'member') return caller.cookie ? 'allowed' : [403, 'forbidden'];
  if (expected === 'any') return 'allowed';
  if (caller.test && (expected === 'any-live' || expected.startsWith('live:'))) return [403, 'forbidden'];
  if (expected === 'any-live') return 'allowed';
  const scope = expected.replace(/^(scope|live):/, '');
  return caller.scopes.includes(scope) ? 'allowed' : [403, 'insufficient_scope'];
}

/** The declared access as this file's table words it. */
function expectedOf(access: Access): Expected {
  if (access.caller !== 'account') return access.caller as Expected;
  if (access.scope === null) return access.live ? 'any-live' : 'any';
  return `${access.live ? 'live' : 'scope'}:${access.scope}`;
}

async function bearerCaller(
  name: string,
  refreshToken: string,
  options: { scopes: string[]; test?: boolean },
): Promise<Caller> {
  const res = await api.post('/connect/token', { refresh_token: refreshToken });
  expect(res.status).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  return {
    name,
    cookie: false,
    scopes: options.scopes,
    test: options.test ?? false,
    call: (method, path, body) =>
      api.fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

async function mintToken(web: WebClient, body: Record<string, unknown>): Promise<string> {
  const res = await web.post('/api/tokens', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { refreshToken: string }).refreshToken;
}

const cookieCaller = (name: string, web: WebClient, scopes: string[]): Caller => ({
  name,
  cookie: true,
  scopes,
  test: false,
  call: (method, path, body) => web.fetch(method, path, body),
});

beforeAll(async () => {
  api = await startTestApi();
  const account = await api.newAccount('Matrix', 'owner@matrix.test');
  const ctx = api.runtime.ctx;
  const member = await addMember(ctx, account.accountId, { email: 'member@matrix.test', role: 'member' });
  const leaver = await addMember(ctx, account.accountId, { email: 'leaver@matrix.test', role: 'member' });
  const owner = await WebClient.forMember(api, account.ownerMemberId);
  const memberWeb = await WebClient.forMember(api, member.id);
  const leaverWeb = await WebClient.forMember(api, leaver.id);

  callers.push(
    cookieCaller('owner cookie', owner, ALL),
    cookieCaller('member cookie', memberWeb, MEMBER),
    await bearerCaller('owner token', await mintToken(owner, { label: 'owner' }), { scopes: ALL }),
    await bearerCaller('member token', await mintToken(memberWeb, { label: 'member' }), { scopes: MEMBER }),
    await bearerCaller(
      'narrow token',
      await mintToken(owner, { label: 'reader', scopes: ['sessions:read'] }),
      { scopes: ['sessions:read'] },
    ),
    await bearerCaller('test token', await mintToken(owner, { label: 'sandbox', test: true }), {
      scopes: ALL,
      test: true,
    }),
  );
  const removed = await bearerCaller('removed member token', await mintToken(leaverWeb, {}), {
    scopes: MEMBER,
  });
  expect((await owner.delete(`/api/members/${leaver.id}`)).status).toBe(204);
  callers.push({ ...removed, revoked: true });

  const doc = (await (await api.fetch('/openapi.json')).json()) as {
    paths: Record<string, Record<string, { 'x-countersign-access'?: Access }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map(([m, op]) => ({
        name: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        access: op['x-countersign-access'] ?? { caller: 'undeclared' },
      })),
  );
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('the permissions matrix', () => {
  it('lists every operation of the document with the access this table expects, and no other', () => {
    const declared = Object.fromEntries(operations.map((op) => [op.name, expectedOf(op.access)]));
    expect(declared).toEqual(EXPECTED);
  });

  it('answers every account route as each caller should be answered', async () => {
    const failures: string[] = [];
    // Sign-out last: it ends the cookie session the other rows use.
    const ordered = operations
      .filter((op) => ['account', 'member'].includes(op.access.caller))
      .sort((a, b) => Number(a.path === '/api/auth/sign-out') - Number(b.path === '/api/auth/sign-out'));
    for (const op of ordered) {
      // Ids no account has: an allowed caller meets a 404 or a 400, never a change to a real record.
      const path = op.path.replace(/\{[^}]+\}/g, 'no-such-id');
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      for (const caller of callers) {
        const res = await caller.call(op.method, path, body);
        const expected = outcome(caller, EXPECTED[op.name]!);
        const text = await res.text();
        const row = `${op.name} as ${caller.name}: ${res.status} ${text.slice(0, 160)}`;
        if (expected === 'allowed') {
          if (res.status === 401 || res.status === 403) failures.push(`expected allowed; ${row}`);
          continue;
        }
        const [status, code] = expected;
        if (res.status !== status || JSON.parse(text).error !== code) {
          failures.push(`expected ${status} ${code}; ${row}`);
          continue;
        }
        const challenge = res.headers.get('www-authenticate') ?? '';
        if (
          code === 'insufficient_scope' &&
          !caller.cookie &&
          !challenge.includes('error="insufficient_scope"')
        )
          failures.push(`no insufficient_scope challenge; ${row}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
