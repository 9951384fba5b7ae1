import { localDrive } from '@countersign/core';
import { schema as db } from '@countersign/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { createTestTemplate, signatureField } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';

const SEND = '/api/sessions/send';
const TEMPLATE_SEND = '/api/templates/send';
const CANCEL = '/api/sessions/cancel';
const JSON_ROUTES = [SEND, TEMPLATE_SEND, CANCEL] as const;
type JsonRoute = (typeof JSON_ROUTES)[number];

/** Tables a request could add to or change: each hostile request must leave every count as it was. */
const TABLES = {
  sessions: db.sessions,
  participants: db.participants,
  documents: db.documents,
  fieldValues: db.fieldValues,
  bulkBatches: db.bulkBatches,
  sendResults: db.sendResults,
  idempotencyKeys: db.idempotencyKeys,
  auditEvents: db.auditEvents,
  outbox: db.outbox,
  templates: db.templates,
  webhookEndpoints: db.webhookEndpoints,
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Segment = string | number;

let api: TestApi;
let token: string;
let bodies: Record<JsonRoute, { [key: string]: Json }>;
/** The session every hostile cancel names: it must stay active. */
let targetSessionId: string;

beforeAll(async () => {
  api = await startTestApi();
  const account = await api.newAccount();
  token = account.accessToken;
  const [{ cloudFileId }, template] = await Promise.all([
    makePdf(1, 'hostile').then(async (pdf) =>
      (await localDrive(api.runtime.ctx, account.accountId)).put('Lease.pdf', pdf),
    ),
    createTestTemplate(api, account.accountId, {
      roles: ['Client'],
      fields: [
        { label: 'Company', type: 'text', page: 1, x: 72, y: 600, width: 200, height: 20 },
        signatureField('Client', 660),
      ],
    }),
  ]);
  // Valid bodies that use every object position of their schema; each test breaks exactly one thing.
  // Non-ASCII text on purpose: valid UTF-8 must pass the UTF-8 check.
  bodies = {
    [SEND]: {
      cloudFileIds: [cloudFileId],
      title: 'Mietvertrag – Zoë 🖊',
      signingType: 'sequential',
      authRequirement: 'public',
      expiresInDays: 10,
      notify: false,
      signingRequests: [{ recipients: [{ name: 'Zoë Ann', email: 'ann@example.test', order: 1 }] }],
    },
    [TEMPLATE_SEND]: {
      templateId: template.templateId,
      notify: false,
      expiresInDays: 10,
      reminderDaysBeforeExpiry: [1],
      cc: ['office@example.test'],
      signingRequests: [
        {
          recipients: [{ label: 'Client', name: 'Zoë Ann', email: 'ann@example.test' }],
          fields: [{ label: 'Company', value: 'Acme GmbH – Köln', recipient: 'Client' }],
        },
      ],
    },
    [CANCEL]: { sessionId: '', reason: 'Wrong recipient – sorry' },
  };
  const sent = await post(SEND, bodies[SEND]);
  expect(sent.status).toBe(200);
  targetSessionId = ((await sent.json()) as { rows: { sessionId: string }[] }).rows[0]!.sessionId;
  bodies[CANCEL].sessionId = targetSessionId;
});
afterAll(() => api.close());

/** POST with a JSON body (`Raw` text or bytes are sent as they are). */
function post(path: string, body: Json | Raw, headers: Record<string, string> = {}) {
  return api.fetch(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body instanceof Raw ? body.value : JSON.stringify(body),
  });
}

class Raw {
  constructor(readonly value: string | Uint8Array) {}
}
const raw = (value: string | Uint8Array) => new Raw(value);

async function counts(target: TestApi = api): Promise<Record<string, number>> {
  const { sessions } = TABLES;
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) out[name] = await target.runtime.ctx.db.$count(table);
  out.activeTarget = await target.runtime.ctx.db.$count(
    sessions,
    and(eq(sessions.id, targetSessionId ?? ''), eq(sessions.status, 'active')),
  );
  return out;
}

/** The one error shape: exactly `{error, message}`, JSON, with the expected status and code. */
async function expectError(res: Response, status: number, error: string, message: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.error).toBe(error);
  expect(body.message).toContain(message);
}

/** Sends each request and checks its rejection, then that nothing at all was created or changed. */
async function expectAllRejected(
  cases: { send: () => Promise<Response>; status: number; error: string; message: string }[],
) {
  const before = await counts();
  for (const c of cases) await expectError(await c.send(), c.status, c.error, c.message);
  expect(await counts()).toEqual(before);
}

const clone = <T extends Json>(value: T): T => structuredClone(value);

/** A copy of `body` with the value at `path` replaced (the root when `path` is empty). */
function withValue(body: Json, path: Segment[], value: Json): Json {
  if (path.length === 0) return value;
  const copy = clone(body);
  let node = copy as Record<Segment, Json>;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<Segment, Json>;
  node[path.at(-1)!] = value;
  return copy;
}

const valueAt = (body: Json, path: Segment[]): Json =>
  path.reduce<Json>((node, segment) => (node as Record<Segment, Json>)[segment]!, body);

/** `['signingRequests', 0, 'recipients']` -> `signingRequests[0].recipients`, as error messages write paths. */
const dotted = (path: Segment[]) =>
  path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
/** The message prefix for a problem at `path` (none for the body itself). */
const at = (path: Segment[]) => (path.length === 0 ? '' : `${dotted(path)}: `);

/** Every object (or array) in a body with its path: the positions a test breaks one at a time. */
function positions(body: Json, kind: 'object' | 'array', path: Segment[] = []): Segment[][] {
  const out: Segment[][] = [];
  if (Array.isArray(body)) {
    if (kind === 'array') out.push(path);
    body.forEach((item, i) => {
      out.push(...positions(item, kind, [...path, i]));
    });
  } else if (body !== null && typeof body === 'object') {
    if (kind === 'object') out.push(path);
    for (const [key, value] of Object.entries(body)) out.push(...positions(value, kind, [...path, key]));
  }
  return out;
}

/** `signingRequests[0].recipients[0]` -> `signingRequests[].recipients[]`: a position in schema terms. */
const shape = (path: Segment[]) => path.map((s) => (typeof s === 'number' ? '[]' : `.${s}`)).join('');

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** Every object position of a request schema in the OpenAPI document, in `shape` terms. */
function schemaObjectShapes(node: SchemaNode, schemas: Record<string, SchemaNode>, path = ''): string[] {
  const resolved = node.$ref ? schemas[node.$ref.split('/').pop()!]! : node;
  const out: string[] = [];
  for (const alt of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])])
    out.push(...schemaObjectShapes(alt, schemas, path));
  if (resolved.properties) {
    out.push(path);
    for (const [key, child] of Object.entries(resolved.properties))
      out.push(...schemaObjectShapes(child, schemas, `${path}.${key}`));
  }
  if (resolved.items) out.push(...schemaObjectShapes(resolved.items, schemas, `${path}[]`));
  return out;
}

/** JSON text with a value nested `depth` levels deep in place of the value at `path`. */
function nested(route: JsonRoute, path: Segment[], depth: number, kind: 'array' | 'object'): string {
  const marker = '"__nested__"';
  const [open, close] = kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
  return JSON.stringify(withValue(bodies[route], path, '__nested__')).replace(
    marker,
    `${open.repeat(depth)}1${close.repeat(depth)}`,
  );
}

describe('control', () => {
  it('accepts the untouched bodies (so every rejection below is about the one thing broken)', async () => {
    const send = await post(SEND, bodies[SEND]);
    expect(send.status).toBe(200);
    const template = await post(TEMPLATE_SEND, bodies[TEMPLATE_SEND]);
    expect(template.status, await template.clone().text()).toBe(200);
    const other = ((await send.json()) as { rows: { sessionId: string }[] }).rows[0]!.sessionId;
    const cancel = await post(CANCEL, { ...bodies[CANCEL], sessionId: other });
    expect(cancel.status).toBe(200);
  });
});

describe('bodies over MAX_BODY_BYTES', () => {
  const LIMIT = 4096;
  let small: TestApi;
  let smallToken: string;
  beforeAll(async () => {
    small = await startTestApi({ worker: false, env: { MAX_BODY_BYTES: String(LIMIT) } });
    smallToken = (await small.newAccount()).accessToken;
  });
  afterAll(() => small.close());

  const oversized = (route: JsonRoute) =>
    Buffer.from(JSON.stringify({ ...bodies[route], padding: 'x'.repeat(LIMIT) })).subarray(0, LIMIT + 1);

  it.each(JSON_ROUTES)('answers 413 on %s, with a Content-Length or chunked', async (route) => {
    const before = await counts(small);
    const body = oversized(route);
    expect(body.length).toBe(LIMIT + 1);
    const auth = { authorization: `Bearer ${smallToken}`, 'content-type': 'application/json' };
    const withLength = await small.fetch(route, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': `big-${route}` },
      body: new Uint8Array(body),
    });
    await expectError(withLength, 413, 'payload_too_large', `exceeds ${LIMIT} bytes`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new Uint8Array(body);
        for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
        controller.close();
      },
    });
    const chunked = await small.fetch(route, {
      method: 'POST',
      headers: auth,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(chunked, 413, 'payload_too_large', `exceeds ${LIMIT} bytes`);
    expect(await counts(small)).toEqual(before);
  });

  it('lets a multipart template upload past MAX_BODY_BYTES to the PDF checks (its limit is MAX_FILE_BYTES)', async () => {
    const form = new FormData();
    form.append('manifest', JSON.stringify({ name: 'x', documents: ['a.pdf'], roles: ['Client'] }));
    form.append('documents', new Blob([new Uint8Array(LIMIT)], { type: 'application/pdf' }), 'a.pdf');
    const before = await counts(small);
    const res = await small.fetch('/api/templates', {
      method: 'POST',
      headers: { authorization: `Bearer ${smallToken}` },
      body: form,
    });
    // Zeros are no PDF: refused by the PDF checks, not by the body limit. Upload limits: upload-limits.test.ts.
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toBe('documents_rejected');
    expect(await counts(small)).toEqual(before);
  });
});

describe('deeply nested JSON', () => {
  const cases: [JsonRoute, Segment[], 'array' | 'object'][] = [
    [SEND, ['title'], 'array'],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'name'], 'object'],
    [TEMPLATE_SEND, ['signingRequests', 0, 'fields', 0, 'value'], 'array'],
    [TEMPLATE_SEND, ['templateId'], 'object'],
    [CANCEL, ['reason'], 'object'],
  ];
  it.each(cases)('answers 400 for 10,000 levels in %s at %j (%s)', async (route, path, kind) => {
    await expectAllRejected([
      {
        send: () => post(route, raw(nested(route, path, 10_000, kind))),
        status: 400,
        error: 'invalid_request',
        message: `${dotted(path)}: must be a string`,
      },
    ]);
  });

  it('answers 400 for 100,000 levels too, without overflowing anything', async () => {
    await expectAllRejected([
      {
        send: () => post(SEND, raw(nested(SEND, ['title'], 100_000, 'array'))),
        status: 400,
        error: 'invalid_request',
        message: 'title: must be a string',
      },
    ]);
  });
});

describe('list limits', () => {
  const many = (n: number, make: (i: number) => Json) => Array.from({ length: n }, (_, i) => make(i));

  it('answers 400 for 10,000 recipients in one entry (over the recipients limit)', async () => {
    await expectAllRejected([
      {
        send: () =>
          post(
            SEND,
            withValue(
              bodies[SEND],
              ['signingRequests', 0, 'recipients'],
              many(10_000, (i) => ({ name: `R${i}`, email: `r${i}@example.test`, order: i + 1 })),
            ),
          ),
        status: 400,
        error: 'invalid_request',
        message: 'signingRequests[0].recipients: must have at most 100 items',
      },
      {
        send: () =>
          post(
            TEMPLATE_SEND,
            withValue(
              bodies[TEMPLATE_SEND],
              ['signingRequests', 0, 'recipients'],
              many(10_000, (i) => ({ label: 'Client', name: `R${i}`, email: `r${i}@example.test` })),
            ),
          ),
        status: 400,
        error: 'invalid_request',
        message: 'signingRequests[0].recipients: must have at most 100 items',
      },
    ]);
  });

  it('answers 400 for more entries, files, fields and copies than allowed', async () => {
    const entry = valueAt(bodies[TEMPLATE_SEND], ['signingRequests', 0]);
    await expectAllRejected([
      {
        send: () =>
          post(
            TEMPLATE_SEND,
            withValue(
              bodies[TEMPLATE_SEND],
              ['signingRequests'],
              many(10_001, () => entry),
            ),
          ),
        status: 400,
        error: 'invalid_request',
        message: 'signingRequests: must have at most 10000 items',
      },
      {
        send: () =>
          post(
            SEND,
            withValue(
              bodies[SEND],
              ['cloudFileIds'],
              many(21, (i) => `lf_${i}`),
            ),
          ),
        status: 400,
        error: 'invalid_request',
        message: 'cloudFileIds: must have at most 20 items',
      },
      {
        send: () =>
          post(
            TEMPLATE_SEND,
            withValue(
              bodies[TEMPLATE_SEND],
              ['signingRequests', 0, 'fields'],
              many(501, () => ({ label: 'Company', value: 'x' })),
            ),
          ),
        status: 400,
        error: 'invalid_request',
        message: 'signingRequests[0].fields: must have at most 500 items',
      },
      {
        send: () =>
          post(
            TEMPLATE_SEND,
            withValue(
              bodies[TEMPLATE_SEND],
              ['cc'],
              many(21, (i) => `c${i}@example.test`),
            ),
          ),
        status: 400,
        error: 'invalid_request',
        message: 'cc: must have at most 20 items',
      },
    ]);
  });
});

describe('huge strings', () => {
  const huge: [JsonRoute, Segment[], number][] = [
    [SEND, ['title'], 500],
    [SEND, ['cloudFileIds', 0], 1024],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'name'], 500],
    [TEMPLATE_SEND, ['templateId'], 200],
    [TEMPLATE_SEND, ['message'], 10_000],
    [TEMPLATE_SEND, ['signingRequests', 0, 'recipients', 0, 'label'], 500],
    [TEMPLATE_SEND, ['signingRequests', 0, 'fields', 0, 'value'], 10_000],
    [CANCEL, ['reason'], 500],
  ];
  it.each(huge)('answers 400 on %s when %j is one over %i characters', async (route, path, max) => {
    await expectAllRejected([
      {
        send: () => post(route, withValue(bodies[route], path, 'é'.repeat(max + 1))),
        status: 400,
        error: 'invalid_request',
        message: `${dotted(path)}: must be at most ${max} characters`,
      },
    ]);
  });

  it('answers 400 for 5 MB strings (under the body limit, far over any field)', async () => {
    await expectAllRejected(
      (
        [
          [SEND, ['title'], 500],
          [CANCEL, ['reason'], 500],
        ] as const
      ).map(([route, path, max]) => ({
        send: () => post(route, withValue(bodies[route], [...path], 'x'.repeat(5_000_000))),
        status: 400,
        error: 'invalid_request',
        message: `${dotted([...path])}: must be at most ${max} characters`,
      })),
    );
  });

  it('answers 400 for an email over 254 characters', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.test`;
    expect(email.length).toBeGreaterThan(254);
    await expectAllRejected([
      {
        send: () =>
          post(SEND, withValue(bodies[SEND], ['signingRequests', 0, 'recipients', 0, 'email'], email)),
        status: 400,
        error: 'invalid_request',
        message: 'signingRequests[0].recipients[0].email: ',
      },
    ]);
  });
});

describe('wrong content types', () => {
  const formBody = () => {
    const form = new FormData();
    form.append('payload', JSON.stringify(bodies[SEND]));
    return form;
  };
  const variants: [string, (route: JsonRoute) => RequestInit][] = [
    [
      'text/plain',
      (route) => ({ headers: { 'content-type': 'text/plain' }, body: JSON.stringify(bodies[route]) }),
    ],
    [
      'form-encoded',
      (route) => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payload: JSON.stringify(bodies[route]) }).toString(),
      }),
    ],
    ['multipart', () => ({ body: formBody() })],
    // A byte body: fetch adds no Content-Type at all.
    ['no content type', (route) => ({ body: new TextEncoder().encode(JSON.stringify(bodies[route])) })],
    ['application/xml', () => ({ headers: { 'content-type': 'application/xml' }, body: '<send/>' })],
  ];
  it.each(JSON_ROUTES)('answers 400 on %s for each non-JSON content type', async (route) => {
    await expectAllRejected(
      variants.map(([_name, make]) => {
        const init = make(route);
        return {
          send: () =>
            api.fetch(route, {
              method: 'POST',
              ...init,
              headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
            }),
          status: 400,
          error: 'invalid_request',
          message: 'Content-Type: application/json',
        };
      }),
    );
  });

  it('answers 400 for JSON that does not parse', async () => {
    await expectAllRejected(
      ['{"cloudFileIds": [', '', 'undefined', "{'a': 1}", '{"a":1}}'].map((text) => ({
        send: () => post(SEND, raw(text)),
        status: 400,
        error: 'invalid_request',
        message: 'JSON',
      })),
    );
  });

  it('answers 400 for JSON on the multipart template upload', async () => {
    await expectAllRejected([
      {
        send: () => post('/api/templates', { manifest: {}, documents: [] }),
        status: 400,
        error: 'invalid_request',
        message: 'multipart/form-data',
      },
    ]);
  });
});

describe('non-UTF-8 bytes', () => {
  const bad: [string, number[]][] = [
    ['a stray 0xFF', [0xff]],
    ['Latin-1 é', [0x5a, 0x6f, 0xe9]],
    ['a truncated sequence', [0xc3]],
    ['an overlong "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ];
  /** The route's valid body with `bytes` spliced into the string at `path`. */
  const spliced = (route: JsonRoute, path: Segment[], bytes: number[]) => {
    const text = JSON.stringify(withValue(bodies[route], path, '__bytes__'));
    const [head, tail] = text.split('__bytes__') as [string, string];
    return new Uint8Array(Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]));
  };
  const targets: [JsonRoute, Segment[]][] = [
    [SEND, ['title']],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'name']],
    [TEMPLATE_SEND, ['signingRequests', 0, 'fields', 0, 'value']],
    [CANCEL, ['reason']],
  ];
  it.each(targets)('answers 400 on %s for bad bytes in %j, and stores nothing', async (route, path) => {
    await expectAllRejected(
      bad.map(([_name, bytes]) => ({
        send: () => post(route, raw(spliced(route, path, bytes))),
        status: 400,
        error: 'invalid_request',
        message: 'not valid UTF-8',
      })),
    );
  });

  it('answers 400 for bad bytes on the token and webhook routes too', async () => {
    await expectAllRejected([
      {
        send: () =>
          post('/connect/token', raw(new Uint8Array(Buffer.from('{"refresh_token":"rt_\xff"}', 'latin1'))), {
            authorization: '',
          }),
        status: 400,
        error: 'invalid_request',
        message: 'not valid UTF-8',
      },
      {
        send: () =>
          post(
            '/api/webhooks',
            raw(new Uint8Array(Buffer.from('{"url":"https://hooks.example.test/\xe9"}', 'latin1'))),
          ),
        status: 400,
        error: 'invalid_request',
        message: 'not valid UTF-8',
      },
    ]);
  });
});

describe('unknown properties', () => {
  let schemas: Record<string, SchemaNode>;
  let requestSchemas: Record<JsonRoute, SchemaNode>;
  beforeAll(async () => {
    const doc = (await (await api.fetch('/openapi.json')).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: SchemaNode }> } } }>;
      components: { schemas: Record<string, SchemaNode> };
    };
    schemas = doc.components.schemas;
    requestSchemas = Object.fromEntries(
      JSON_ROUTES.map((route) => [
        route,
        doc.paths[route]!.post.requestBody.content['application/json']!.schema,
      ]),
    ) as Record<JsonRoute, SchemaNode>;
  });

  it.each(JSON_ROUTES)('the %s body used here has every object position of its OpenAPI schema', (route) => {
    const inSchema = new Set(schemaObjectShapes(requestSchemas[route], schemas));
    const inBody = new Set(positions(bodies[route], 'object').map(shape));
    expect([...inBody].sort()).toEqual([...inSchema].sort());
  });

  it.each(JSON_ROUTES)(
    'answers 400 naming the path for an unknown property at every object of %s',
    async (route) => {
      const objects = positions(bodies[route], 'object');
      expect(objects.length).toBeGreaterThan(0);
      await expectAllRejected(
        objects.map((path) => ({
          send: () =>
            post(
              route,
              withValue(bodies[route], path, { ...(valueAt(bodies[route], path) as object), isAdmin: true }),
            ),
          status: 400,
          error: 'invalid_request',
          message: `${path.length === 0 ? '' : `${dotted(path)}.`}isAdmin: unknown property`,
        })),
      );
    },
  );

  it('answers 400 for prototype-shaped and oddly named keys, quoting what is not an identifier', async () => {
    await expectAllRejected(
      [
        ['__proto__', '__proto__: unknown property'],
        ['constructor', 'constructor: unknown property'],
        ['a b', '["a b"]: unknown property'],
        ['', '[""]: unknown property'],
      ].map(([key, message]) => ({
        // Written as text: an object literal would treat "__proto__" as the prototype, not a key.
        send: () =>
          post(
            CANCEL,
            raw(`{${JSON.stringify(key)}:{"admin":true},${JSON.stringify(bodies[CANCEL]).slice(1)}`),
          ),
        status: 400,
        error: 'invalid_request',
        message: message!,
      })),
    );
  });
});

describe('wrong types', () => {
  it.each(JSON_ROUTES)(
    'answers 400 for null, an array, a string or a number where %s expects an object',
    async (route) => {
      await expectAllRejected(
        positions(bodies[route], 'object').flatMap((path) =>
          [null, [], 'object', 42].map((value) => ({
            send: () => post(route, withValue(bodies[route], path, value)),
            status: 400,
            error: 'invalid_request',
            message: `${at(path)}must be an object`,
          })),
        ),
      );
    },
  );

  it.each([SEND, TEMPLATE_SEND] as const)(
    'answers 400 for an object or null where %s expects an array',
    async (route) => {
      await expectAllRejected(
        positions(bodies[route], 'array').flatMap((path) =>
          [{}, null].map((value) => ({
            send: () => post(route, withValue(bodies[route], path, value)),
            status: 400,
            error: 'invalid_request',
            message: `${at(path)}must be an array`,
          })),
        ),
      );
    },
  );

  const integers: [JsonRoute, Segment[], Json, string][] = [
    [SEND, ['expiresInDays'], '30', 'must be an integer greater than 0'],
    [SEND, ['expiresInDays'], -1, 'must be an integer greater than 0'],
    [SEND, ['expiresInDays'], 0, 'must be an integer greater than 0'],
    [SEND, ['expiresInDays'], 1.5, 'must be an integer greater than 0'],
    [SEND, ['expiresInDays'], null, 'must be an integer greater than 0'],
    [SEND, ['expiresInDays'], 1e20, 'must be at most 365'],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'order'], '1', 'must be an integer greater than 0'],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'order'], -3, 'must be an integer greater than 0'],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'order'], 0, 'must be an integer greater than 0'],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'order'], 0.5, 'must be an integer greater than 0'],
    [SEND, ['signingRequests', 0, 'recipients', 0, 'order'], 1e6, 'must be at most 1000'],
    [TEMPLATE_SEND, ['expiresInDays'], '7', 'must be an integer greater than 0'],
    [TEMPLATE_SEND, ['expiresInDays'], -7, 'must be an integer greater than 0'],
    [TEMPLATE_SEND, ['expiresInDays'], 0, 'must be an integer greater than 0'],
    [TEMPLATE_SEND, ['expiresInDays'], 2.25, 'must be an integer greater than 0'],
    [TEMPLATE_SEND, ['reminderDaysBeforeExpiry', 0], '1', 'must be an integer of at least 0'],
    [TEMPLATE_SEND, ['reminderDaysBeforeExpiry', 0], -1, 'must be an integer of at least 0'],
    [SEND, ['notify'], 'false', 'must be a boolean'],
    [TEMPLATE_SEND, ['notify'], 0, 'must be a boolean'],
    [SEND, ['cloudFileIds', 0], 12345, 'must be a string'],
    [TEMPLATE_SEND, ['signingRequests', 0, 'fields', 0, 'value'], true, 'must be a string'],
    [SEND, ['signingType'], 'random', 'must be one of: parallel, sequential'],
    [CANCEL, ['sessionId'], 42, 'must be a UUID'],
    [CANCEL, ['sessionId'], "' OR 1=1 --", 'must be a UUID'],
  ];
  it.each(integers)('answers 400 on %s when %j is %j', async (route, path, value, message) => {
    await expectAllRejected([
      {
        send: () => post(route, withValue(bodies[route], path, value)),
        status: 400,
        error: 'invalid_request',
        message: `${dotted(path)}: ${message}`,
      },
    ]);
  });
});
