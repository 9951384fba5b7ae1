import { listRefreshTokens, localDrive } from '@countersign/core';
import { outbox, sessions, templates, webhookEndpoints } from '@countersign/db';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { bearer, type Receiver, startReceiver } from './webhooks-support.ts';

type Account = Awaited<ReturnType<TestApi['newAccount']>>;

/** One account's resources, by the names the routes give their parameters. */
interface Ids {
  sessionId: string;
  documentId: string;
  templateId: string;
  webhookId: string;
  deliveryId: string;
  bulkSendBatchId: string;
  cloudFileId: string;
  /** A signing link token of the session (links are only given out by sends). */
  linkToken: string;
  memberId: string;
  tokenId: string;
  participantId: string;
  index: string;
}

interface Operation {
  method: string;
  path: string;
  /** Properties of its JSON body that name a resource (`sessionId`, `templateId`, `cloudFileIds`...). */
  bodyIds: string[];
}

let api: TestApi;
let smtp: TestSmtpServer;
let receiver: Receiver;
let alice: Account;
let mallory: Account;
let aliceIds: Ids;
let malloryIds: Ids;
/** Every operation under /api/* except the signer API, from the OpenAPI document. */
let integrationOps: Operation[];
let signer: { linkToken: string; cookie: string };

const json = (method: string, token: string | undefined, body?: unknown): RequestInit => ({
  method,
  headers: {
    ...(token ? bearer(token) : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** An account with a template, two sessions from one bulk send (one cancelled), a drive file and a webhook with a delivery. */
async function provision(account: Account, label: string): Promise<Ids> {
  const { templateId } = await createTestTemplate(api, account.accountId, { roles: ['Client'] });
  const { cloudFileId } = await (await localDrive(api.runtime.ctx, account.accountId)).put(
    `${label}.pdf`,
    new TextEncoder().encode('%PDF-1.7 never read: the drive lookup fails first'),
  );
  const hook = await api.fetch(
    '/api/webhooks',
    json('POST', account.accessToken, { url: `${receiver.url}/${label}` }),
  );
  expect(hook.status).toBe(201);
  const { webhookId } = (await hook.json()) as { webhookId: string };
  const sent = await api.fetch(
    '/api/templates/send',
    json('POST', account.accessToken, {
      templateId,
      notify: false,
      signingRequests: ['one', 'two'].map((n) => ({
        recipients: [{ label: 'Client', name: `${label} ${n}`, email: `${label}.${n}@example.test` }],
      })),
    }),
  );
  expect(sent.status).toBe(200);
  const body = (await sent.json()) as {
    instantiation: { bulkSendBatchId: string; sessions: { sessionId: string; documentIds: string[] }[] };
    invites: { sessionId: string; participants: { signingUrl: string }[] }[];
  };
  const [kept, cancelled] = body.instantiation.sessions;
  // A cancellation is an event: it gives the webhook a delivery to list and redeliver.
  const cancel = await api.fetch(
    '/api/sessions/cancel',
    json('POST', account.accessToken, { sessionId: cancelled!.sessionId }),
  );
  expect(cancel.status).toBe(200);
  await api.runtime.dispatchOutbox();
  await receiver.waitFor((r) => r.path === `/hooks/${label}`);
  const deliveries = (await (
    await api.fetch(`/api/webhooks/${webhookId}/deliveries`, json('GET', account.accessToken))
  ).json()) as { deliveries: { deliveryId: string }[] };
  const detail = (await (
    await api.fetch(`/api/sessions/${kept!.sessionId}`, json('GET', account.accessToken))
  ).json()) as { participants: { participantId: string }[] };
  return {
    participantId: detail.participants[0]!.participantId,
    index: '0',
    sessionId: kept!.sessionId,
    documentId: kept!.documentIds[0]!,
    templateId,
    webhookId,
    deliveryId: deliveries.deliveries[0]!.deliveryId,
    bulkSendBatchId: body.instantiation.bulkSendBatchId,
    cloudFileId,
    memberId: account.ownerMemberId,
    tokenId: (await listRefreshTokens(api.runtime.ctx, account.accountId))[0]!.tokenId,
    linkToken: body.invites
      .find((i) => i.sessionId === kept!.sessionId)!
      .participants[0]!.signingUrl.split('/s/')[1]!,
  };
}

interface OpenApiOperation {
  'x-countersign-access'?: { caller: string };
  requestBody?: {
    content?: Record<string, { schema?: { $ref?: string; properties?: Record<string, unknown> } }>;
  };
}

/** `/api/sessions/{sessionId}` with the given ids filled in. */
const fill = (path: string, ids: Partial<Ids>) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = ids[name as keyof Ids];
    if (value === undefined) throw new Error(`no id for {${name}} in ${path}`);
    return value;
  });

/** A body each integration operation accepts, naming the resources in `ids` where it takes any. */
function bodyFor(op: Operation, ids: Ids): unknown {
  switch (`${op.method} ${op.path}`) {
    case 'POST /api/sessions/cancel':
      return { sessionId: ids.sessionId, reason: 'not yours' };
    case 'POST /api/templates/send':
      return {
        templateId: ids.templateId,
        notify: false,
        signingRequests: [{ recipients: [{ label: 'Client', name: 'Eve', email: 'eve@example.test' }] }],
      };
    case 'POST /api/sessions/send':
      return {
        cloudFileIds: [ids.cloudFileId],
        signingRequests: [{ recipients: [{ name: 'Eve', email: 'eve@example.test' }] }],
      };
    case 'PUT /api/templates/{templateId}':
      return { version: 1, name: 'Taken over', roles: ['Client'], fields: [] };
    case 'PUT /api/templates/{templateId}/tags':
      return { tags: ['Taken over'] };
    case 'POST /api/webhooks':
      return { url: `${receiver.url}/intruder` };
    case 'PATCH /api/webhooks/{webhookId}':
      return { enabled: false };
    case 'PATCH /api/members/{memberId}':
      return { role: 'owner' };
    default:
      return op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
  }
}

/** What alice's resources look like to alice: any change by another caller shows up here. */
async function aliceView() {
  const get = async (path: string) => {
    const res = await api.fetch(path, json('GET', alice.accessToken));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const session = await get(`/api/sessions/${aliceIds.sessionId}`);
  const webhook = await get(`/api/webhooks/${aliceIds.webhookId}`);
  const deliveries = await get(`/api/webhooks/${aliceIds.webhookId}/deliveries`);
  const template = await get(`/api/templates/${aliceIds.templateId}`);
  const document = await api.fetch(
    `/api/sessions/${aliceIds.sessionId}/documents/${aliceIds.documentId}`,
    json('GET', alice.accessToken),
  );
  return {
    session: [session.status, session.body.status, session.body.cancellationReason ?? null],
    webhook: [webhook.status, webhook.body.status, webhook.body.previousSecretExpiresAt ?? null],
    deliveries: (deliveries.body.deliveries as unknown[]).length,
    template: [template.status, template.body.name, template.body.tags],
    document: [document.status, (await document.arrayBuffer()).byteLength],
    rows: await rowCounts(),
  };
}

async function rowCounts() {
  const db = api.runtime.ctx.db;
  return {
    sessions: await db.$count(sessions),
    webhooks: await db.$count(webhookEndpoints),
    outbox: await db.$count(outbox),
    templates: await db.$count(templates),
  };
}

async function expect401(res: Response, label: string) {
  expect(res.status, label).toBe(401);
  expect(res.headers.get('www-authenticate'), label).toMatch(/^Bearer /);
  expect(((await res.json()) as { error: string }).error, label).toBe('unauthorized');
}

beforeAll(async () => {
  [smtp, receiver] = await Promise.all([startTestSmtpServer(), startReceiver()]);
  api = await startTestApi({ env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' } });
  [alice, mallory] = await Promise.all([api.newAccount('Alice'), api.newAccount('Mallory')]);
  aliceIds = await provision(alice, 'alice');
  malloryIds = await provision(mallory, 'mallory');

  const doc = (await (await api.fetch('/openapi.json')).json()) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  const bodyIds = (op: OpenApiOperation) => {
    const schema = op.requestBody?.content?.['application/json']?.schema;
    const resolved = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
    return Object.keys(resolved?.properties ?? {}).filter((name) => /Ids?$/.test(name));
  };
  integrationOps = Object.entries(doc.paths)
    // Not the signer API, the public sign-in routes, nor the routes for signed-in members only (cookie only: a
    // bearer token gets 403 there before any lookup, permissions-matrix.test.ts).
    .filter(
      ([path]) =>
        path.startsWith('/api/') &&
        !path.startsWith('/api/signing/') &&
        !path.startsWith('/api/auth/') &&
        !path.startsWith('/api/me/'),
    )
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .filter(([, op]) => op['x-countersign-access']?.caller !== 'member')
        .map(([m, op]) => ({ method: m.toUpperCase(), path, bodyIds: bodyIds(op) })),
    );

  // A verified signer of alice's session: the link token and the cookie the code exchange sets.
  const { linkToken } = aliceIds;
  const code = await api.fetch(`/api/signing/${linkToken}/code`, { method: 'POST' });
  expect(code.status).toBe(200);
  const mail = await smtp.waitFor(
    (m) => JSON.stringify(m.to ?? '').includes('alice.one@example.test'),
    5_000,
  );
  const otp = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  const verified = await api.fetch(
    `/api/signing/${linkToken}/code/verify`,
    json('POST', undefined, { code: otp }),
  );
  expect(verified.status).toBe(200);
  const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
  // The cookie works where it belongs: the signer gets the document.
  const own = await api.fetch(`/api/signing/${linkToken}/documents/${aliceIds.documentId}`, {
    headers: { cookie },
  });
  expect(own.status).toBe(200);
  await own.arrayBuffer();
  signer = { linkToken, cookie };
});
afterAll(async () => {
  await api.close();
  await Promise.all([smtp.close(), receiver.close()]);
});

describe('the route list', () => {
  it('comes from the OpenAPI document and holds every integration route', () => {
    const sessionsSend = integrationOps.find((op) => op.path === '/api/sessions/send');
    expect(sessionsSend?.bodyIds).toEqual(['cloudFileIds']);
    const listed = integrationOps.map((op) => `${op.method} ${op.path}`);
    // A floor, not the list: a new route joins the checks below by itself.
    for (const known of [
      'POST /api/sessions/send',
      'POST /api/sessions/cancel',
      'GET /api/sessions/{sessionId}/documents/{documentId}',
      'POST /api/templates/send',
      'POST /api/templates',
      'POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    ])
      expect(listed).toContain(known);
  });
});

describe("another account's ids", () => {
  it('answer 404 on every route that takes an id, and leave the resource untouched', async () => {
    const before = await aliceView();
    // Ids in the path, or a single id in the body (drive file ids are the drive's business: next test).
    const withIds = integrationOps.filter(
      (op) => op.path.includes('{') || op.bodyIds.some((name) => name.endsWith('Id')),
    );
    expect(withIds.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['POST /api/sessions/cancel', 'POST /api/templates/send']),
    );
    expect(withIds.length).toBeGreaterThanOrEqual(11);
    expect(before.session[1]).toBe('active');
    expect(before.webhook[1]).toBe('enabled');
    for (const op of withIds) {
      const label = `${op.method} ${op.path}`;
      const res = await api.fetch(
        fill(op.path, aliceIds),
        json(op.method, mallory.accessToken, bodyFor(op, aliceIds)),
      );
      const text = await res.text();
      expect(res.status, `${label}: ${text}`).toBe(404);
      const body = JSON.parse(text) as { error: string; message: string };
      expect(body.error, label).toMatch(/^[a-z_]+_not_found$|^not_found$/);
      expect(typeof body.message).toBe('string');
    }
    expect(await aliceView()).toEqual(before);
  });

  it("answer 404 when mixed into the caller's own ids (own session + foreign document, own webhook + foreign delivery)", async () => {
    const before = await aliceView();
    const mixed: [string, string, string][] = [
      ['GET', `/api/sessions/${malloryIds.sessionId}/documents/${aliceIds.documentId}`, 'not_found'],
      [
        'POST',
        `/api/webhooks/${malloryIds.webhookId}/deliveries/${aliceIds.deliveryId}/redeliver`,
        'webhook_delivery_not_found',
      ],
    ];
    for (const [method, path, error] of mixed) {
      const res = await api.fetch(path, json(method, mallory.accessToken));
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: string }).error, path).toBe(error);
    }
    // The caller's own ones still work, so the 404s above are about the foreign id.
    const own = await api.fetch(
      `/api/sessions/${malloryIds.sessionId}/documents/${malloryIds.documentId}`,
      json('GET', mallory.accessToken),
    );
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    expect(await aliceView()).toEqual(before);
  });

  it("do not leak through list filters: another account's bulkSendBatchId lists nothing", async () => {
    const res = await api.fetch(
      `/api/sessions?bulkSendBatchId=${aliceIds.bulkSendBatchId}`,
      json('GET', mallory.accessToken),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { sessions: unknown[] }).sessions).toEqual([]);
    const lists = await Promise.all(
      ['/api/sessions', '/api/templates', '/api/webhooks'].map(async (path) =>
        JSON.stringify(await (await api.fetch(path, json('GET', mallory.accessToken))).json()),
      ),
    );
    for (const id of [aliceIds.sessionId, aliceIds.templateId, aliceIds.webhookId])
      for (const list of lists) expect(list).not.toContain(id);
  });

  it("answer 400 with cloudFileId for another account's drive file in POST /api/sessions/send", async () => {
    const before = await rowCounts();
    const res = await api.fetch(
      '/api/sessions/send',
      json(
        'POST',
        mallory.accessToken,
        bodyFor({ method: 'POST', path: '/api/sessions/send', bodyIds: [] }, aliceIds),
      ),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'cloud_file_not_found',
      message: expect.any(String),
      cloudFileId: aliceIds.cloudFileId,
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('credentials that are not an access token', () => {
  /** Each op with alice's real ids (so a 401 cannot be a 404 in disguise) and a body it would accept. */
  const call = (op: Operation, headers: Record<string, string>, query = '') => {
    const init = json(op.method, undefined, bodyFor(op, aliceIds));
    return api.fetch(`${fill(op.path, aliceIds)}${query}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...headers },
    });
  };

  it('every integration route answers 401 without a bearer token', async () => {
    const before = await aliceView();
    for (const op of integrationOps) await expect401(await call(op, {}), `${op.method} ${op.path}`);
    expect(await aliceView()).toEqual(before);
  });

  it("a signer's link token or signer cookie cannot call any integration route", async () => {
    const before = await aliceView();
    const cookieValue = signer.cookie.split('=').slice(1).join('=');
    for (const op of integrationOps) {
      const label = `${op.method} ${op.path}`;
      await expect401(
        await call(op, { authorization: `Bearer ${signer.linkToken}` }),
        `${label} (link token)`,
      );
      await expect401(await call(op, { cookie: signer.cookie }), `${label} (signer cookie)`);
      await expect401(
        await call(op, { authorization: `Bearer ${cookieValue}` }),
        `${label} (cookie as bearer)`,
      );
      await expect401(
        await call(
          op,
          { cookie: signer.cookie },
          `?token=${signer.linkToken}&access_token=${signer.linkToken}`,
        ),
        `${label} (link token in the query)`,
      );
    }
    expect(await aliceView()).toEqual(before);
  });

  it('a refresh token cannot be used as a bearer token on any integration route', async () => {
    const before = await aliceView();
    for (const op of integrationOps) {
      await expect401(
        await call(op, { authorization: `Bearer ${alice.refreshToken}` }),
        `${op.method} ${op.path}`,
      );
    }
    expect(await aliceView()).toEqual(before);
  });
});
