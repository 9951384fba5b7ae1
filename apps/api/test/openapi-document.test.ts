import {
  ErrorResponseSchema,
  PATH_ID_MAX_LENGTH,
  SessionErrorResponseSchema,
  SessionsCancelRequestSchema,
  SessionsCancelResponseSchema,
  SessionsSendRejectedResponseSchema,
  SessionsSendRequestSchema,
  SessionsSendResponseSchema,
  TemplateSendRequestSchema,
  TemplateSendResponseSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@countersign/schemas';
import type { z } from '@hono/zod-openapi';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { TEMPLATE_SEND_DEFAULTS } from './send-support.ts';

// The document the API serves at /openapi.json, checked operation by operation: every answer the middleware
// and the error handler can give on a route must be documented on it (spec part 9: OpenAPI 3.1.0, 1.2.3).

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  additionalProperties?: unknown;
  default?: unknown;
  example?: unknown;
  description?: string;
  anyOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
};
type Ref = { $ref: string };
type Response = {
  description: string;
  headers?: Record<string, Ref | { schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
};
type Parameter = { name: string; in: string; required?: boolean; schema: JsonSchema };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
};
type Document = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; headers: Record<string, unknown> };
};

const IDEMPOTENT = ['POST /api/sessions/send', 'POST /api/templates/send', 'POST /api/sessions/cancel'];

let api: TestApi;
let doc: Document;
let operations: { name: string; op: Operation }[];

beforeAll(async () => {
  api = await startTestApi({ worker: false });
  doc = (await (await api.fetch('/openapi.json')).json()) as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
});
afterAll(() => api.close());

const statuses = (op: Operation) => Object.keys(op.responses);
const header = (response: Response, name: string) => response.headers?.[name];
const pathParameters = (op: Operation) => (op.parameters ?? []).filter((p) => p.in === 'path');
const schemaOf = (response: Response | undefined) => response?.content?.['application/json']?.schema;

describe('every operation of the served OpenAPI document', () => {
  it('is OpenAPI 3.1.0, interface version 1.2.3, with the health endpoints among its operations', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(['GET /healthz', 'GET /readyz']));
    expect(operations.length).toBeGreaterThan(20);
  });

  it('documents 500 in the error shape', () => {
    for (const { name, op } of operations) {
      expect(statuses(op), name).toContain('500');
      expect(schemaOf(op.responses['500']), name).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    }
  });

  it('documents 413 wherever it takes a request body', () => {
    const withBody = operations.filter((o) => o.op.requestBody);
    expect(withBody.map((o) => o.name)).toEqual(
      expect.arrayContaining([
        'POST /api/webhooks',
        'POST /api/signing/{token}/code/verify',
        'POST /api/signing/{token}/sign',
        'POST /api/signing/{token}/decline',
        'POST /api/sessions/cancel',
      ]),
    );
    for (const { name, op } of withBody) {
      expect(statuses(op), name).toEqual(expect.arrayContaining(['400', '413']));
      expect(op.responses['413']!.description, name).toContain('payload_too_large');
    }
  });

  it('documents 400 wherever it has path parameters, each bounded in length', () => {
    const withParams = operations.filter((o) => pathParameters(o.op).length > 0);
    expect(withParams.length).toBeGreaterThanOrEqual(15);
    for (const { name, op } of withParams) {
      expect(statuses(op), name).toContain('400');
      for (const p of pathParameters(op)) {
        expect(p.schema, `${name} ${p.name}`).toMatchObject({ type: 'string', minLength: 1 });
        expect(p.schema.maxLength, `${name} ${p.name}`).toBeGreaterThan(0);
      }
    }
    // The shared path-id schema: one limit for every id of this kind.
    for (const [path, names] of [
      ['/api/sessions/{sessionId}', ['sessionId']],
      ['/api/sessions/{sessionId}/documents/{documentId}', ['sessionId', 'documentId']],
      ['/api/signing/{token}/documents/{documentId}', ['documentId']],
      ['/api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', ['webhookId', 'deliveryId']],
    ] as const) {
      const op = Object.values(doc.paths[path]!)[0]!;
      for (const n of names) {
        expect(pathParameters(op).find((p) => p.name === n)?.schema.maxLength, `${path} ${n}`).toBe(
          PATH_ID_MAX_LENGTH,
        );
      }
    }
  });

  it('documents 401 on every bearer operation', () => {
    const bearer = operations.filter((o) =>
      (o.op.security ?? []).some((s) => 'bearerAuth' in s || 'cookieAuth' in s),
    );
    expect(bearer.map((o) => o.name)).toEqual(expect.arrayContaining(IDEMPOTENT));
    for (const { name, op } of bearer) {
      expect(name).toMatch(/ \/api\/(?!signing\/)/);
      expect(statuses(op), name).toContain('401');
    }
  });

  it('documents X-Request-Id on every response, and every header it refers to exists', () => {
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(header(response, 'X-Request-Id'), `${name} ${status}`).toEqual({
          $ref: '#/components/headers/X-Request-Id',
        });
        for (const [headerName, h] of Object.entries(response.headers ?? {})) {
          if (!('$ref' in h)) continue;
          const target = h.$ref.replace('#/components/headers/', '');
          expect(doc.components.headers, `${name} ${status} ${headerName}`).toHaveProperty([target]);
        }
      }
    }
  });

  it('documents Retry-After on every 429, and on the 503 of the sends', () => {
    for (const { name, op } of operations) {
      if (op.responses['429']) expect(header(op.responses['429'], 'Retry-After'), name).toBeDefined();
    }
    for (const name of ['POST /api/sessions/send', 'POST /api/templates/send']) {
      const op = operations.find((o) => o.name === name)!.op;
      expect(header(op.responses['503']!, 'Retry-After'), name).toBeDefined();
      expect(header(op.responses['200']!, 'RateLimit-Remaining'), name).toBeDefined();
    }
    const document = operations.find((o) => o.name === 'GET /api/signing/{token}/documents/{documentId}')!.op;
    expect(header(document.responses['409']!, 'Retry-After')).toBeDefined();
  });
});

describe('a standard linter', () => {
  // Redocly's `recommended` ruleset: no error. The warnings that stay, and why: operations are named by method
  // and path (`operation-operationId`); the server is PUBLIC_URL, loopback in tests (`no-server-example.com`);
  // no license is chosen yet (`info-license`); /healthz and /readyz take no input (`operation-4xx-response`); the
  // Drive OAuth callback redirects with 303 (`operation-2xx-response`); TemplateManifest documents the
  // multipart part that carries it as a string (`no-unused-components`).
  const WARNINGS_KEPT = [
    'info-license',
    'no-server-example.com',
    'no-unused-components',
    'operation-2xx-response',
    'operation-4xx-response',
    'operation-operationId',
  ];

  it('finds no error in the served document, and warns only about what is kept on purpose', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const listed = (severity: string) =>
      problems
        .filter((p) => p.severity === severity && (severity === 'error' || !WARNINGS_KEPT.includes(p.ruleId)))
        .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(listed('error')).toEqual([]);
    expect(listed('warn')).toEqual([]);
  });
});

describe('the idempotent operations', () => {
  const idempotencyKey = (op: Operation) => op.parameters?.find((p) => p.name === 'Idempotency-Key');

  it('are exactly the two sends and cancel', () => {
    expect(
      operations
        .filter((o) => idempotencyKey(o.op))
        .map((o) => o.name)
        .sort(),
    ).toEqual([...IDEMPOTENT].sort());
  });

  it.each(IDEMPOTENT)(
    '%s documents 400, 409 and 422 and Idempotent-Replayed on its replayable answers',
    (name) => {
      const op = operations.find((o) => o.name === name)!.op;
      expect(idempotencyKey(op)).toMatchObject({ in: 'header', required: false });
      expect(statuses(op)).toEqual(expect.arrayContaining(['400', '409', '413', '422', '500']));
      expect(op.responses['409']!.description).toContain('idempotency_in_progress');
      expect(header(op.responses['409']!, 'Retry-After')).toBeDefined();
      expect(op.responses['422']!.description).toContain('idempotency_key_reused');
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2')) expect(header(response, 'Idempotent-Replayed'), status).toBeDefined();
        // Never stored, so never replayed: auth and limits, the middleware's own answers, server errors.
        if (['401', '413', '429', '500', '502', '503'].includes(status)) {
          expect(header(response, 'Idempotent-Replayed'), status).toBeUndefined();
        }
      }
    },
  );

  it('documents the Idempotency-Key rule the middleware applies: printable ASCII, no space at either end', () => {
    const schema = idempotencyKey(operations.find((o) => o.name === IDEMPOTENT[0])!.op)!.schema;
    expect(schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
    const pattern = new RegExp(schema.pattern!);
    const accepts = (key: string) =>
      key.length >= schema.minLength! && key.length <= schema.maxLength! && pattern.test(key);
    for (const key of ['a', 'order-4711-send', 'a b', '~!"#', 'x'.repeat(255), `a${' '.repeat(253)}b`]) {
      expect(accepts(key), JSON.stringify(key)).toBe(true);
    }
    for (const key of ['', ' ', ' a', 'a ', 'a\tb', 'a\u007fb', 'é', 'x'.repeat(256)]) {
      expect(accepts(key), JSON.stringify(key)).toBe(false);
    }
  });
});

describe('the spec endpoints (parts 4 and 7)', () => {
  it.each([
    ['POST /connect/token', ['200', '400']],
    ['POST /api/templates/send', ['200', '400', '401', '404', '503']],
    ['POST /api/sessions/send', ['200', '207', '400', '401', '422', '502', '503']],
    ['POST /api/sessions/cancel', ['200', '400', '401', '404', '409', '502', '503']],
  ])('%s documents every status the spec lists', (name, listed) => {
    expect(statuses(operations.find((o) => o.name === name)!.op)).toEqual(expect.arrayContaining(listed));
  });
});

describe('what the document says is what the API answers', () => {
  it('a too long path id answers 400 naming it, with X-Request-Id', async () => {
    const { accessToken } = await api.newAccount();
    const res = await api.fetch(`/api/sessions/${'a'.repeat(PATH_ID_MAX_LENGTH + 1)}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toMatch(/\S/);
    expect(await res.json()).toMatchObject({
      error: 'invalid_request',
      message: expect.stringMatching(/^sessionId: /),
    });
    const ok = await api.fetch(`/api/sessions/${'a'.repeat(PATH_ID_MAX_LENGTH)}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(ok.status).toBe(404);
    await ok.arrayBuffer();
  });

  it('/healthz and /readyz answer as documented', async () => {
    const health = await api.fetch('/healthz');
    expect(health.headers.get('x-request-id')).toMatch(/\S/);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await api.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });
});

// The request and response schemas of the four spec endpoints, as the served document renders them.
describe('the spec endpoints: schemas', () => {
  const SPEC_COMPONENTS = [
    'ErrorResponse',
    'FailedDocument',
    'SessionErrorResponse',
    'SessionsCancelRequest',
    'SessionsCancelResponse',
    'SessionsSendDocument',
    'SessionsSendParticipant',
    'SessionsSendRecipient',
    'SessionsSendRejectedResponse',
    'SessionsSendRequest',
    'SessionsSendResponse',
    'SessionsSendRow',
    'SessionsSendSigningRequest',
    'TemplateField',
    'TemplateRecipient',
    'TemplateSendInstantiation',
    'TemplateSendInvite',
    'TemplateSendParticipant',
    'TemplateSendRequest',
    'TemplateSendResponse',
    'TemplateSendSession',
    'TemplateSigningRequest',
    'TokenRequest',
    'TokenResponse',
  ];
  const component = (name: string) => doc.components.schemas[name]!;

  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const target = doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`dangling $ref ${schema.$ref}`);
    return target;
  };

  /** Every object schema reachable from `root`, with a JSON-ish path for failure messages. */
  function objectsUnder(root: JsonSchema, path: string, out = new Map<string, JsonSchema>()) {
    const schema = resolve(root);
    if (schema.type === 'object' || schema.properties) {
      if (out.has(path)) return out;
      out.set(path, schema);
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        objectsUnder(property, `${path}.${key}`, out);
    }
    if (schema.items) objectsUnder(schema.items, `${path}[]`, out);
    return out;
  }

  it('has every component of the spec endpoints, each with a description and additionalProperties false', () => {
    for (const name of SPEC_COMPONENTS) {
      expect(doc.components.schemas, name).toHaveProperty([name]);
      expect(component(name).description, `${name} has a description`).toMatch(/\S/);
      expect(component(name).additionalProperties, name).toBe(false);
    }
  });

  it.each([
    ['/connect/token', ['$']],
    [
      '/api/templates/send',
      ['$', '$.signingRequests[]', '$.signingRequests[].recipients[]', '$.signingRequests[].fields[]'],
    ],
    ['/api/sessions/send', ['$', '$.signingRequests[]', '$.signingRequests[].recipients[]']],
    ['/api/sessions/cancel', ['$']],
  ])('%s: additionalProperties false on every request object', (path, expected) => {
    const schema = doc.paths[path]!.post!.requestBody!.content['application/json']!.schema;
    const objects = objectsUnder(schema, '$');
    expect([...objects.keys()]).toEqual(expected);
    for (const [at, object] of objects) expect(object.additionalProperties, at).toBe(false);
  });

  it('shows the defaults, and leaves defaulted properties out of required', () => {
    const defaults = (schema: JsonSchema) =>
      Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([, property]) => property.default !== undefined)
          .map(([key, property]) => [key, property.default]),
      );
    const templateSend = component('TemplateSendRequest');
    expect(defaults(templateSend)).toEqual(TEMPLATE_SEND_DEFAULTS);
    expect(templateSend.required).toEqual(['templateId', 'signingRequests']);
    expect(templateSend.properties?.expiresInDays?.description).toContain('30');

    const sessionsSend = component('SessionsSendRequest');
    expect(defaults(sessionsSend)).toEqual({
      signingType: 'parallel',
      authRequirement: 'otp',
      expiresInDays: 30,
      notify: false,
    });
    expect(sessionsSend.required).toEqual(['cloudFileIds', 'signingRequests']);
    expect(sessionsSend.properties?.title?.description).toContain("first file's name");
  });

  it('shows the limits', () => {
    const templateSend = component('TemplateSendRequest').properties!;
    expect(templateSend.signingRequests).toMatchObject({ minItems: 1, maxItems: 10_000 });
    expect(templateSend.expiresInDays).toMatchObject({ type: 'integer', minimum: 1, maximum: 365 });
    expect(templateSend.subject).toMatchObject({ type: ['string', 'null'] });
    expect(templateSend.reminderDaysBeforeExpiry?.items).toMatchObject({ type: 'integer', minimum: 0 });
    expect(component('TemplateRecipient').properties!.email).toMatchObject({
      format: 'email',
      maxLength: 254,
    });
    expect(component('SessionsSendRecipient').properties!.order).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
    expect(component('SessionsCancelRequest').properties!.sessionId).toMatchObject({ format: 'uuid' });
    expect(component('SessionsCancelRequest').properties!.reason).toMatchObject({
      minLength: 1,
      maxLength: 500,
    });
    expect(component('TokenRequest').properties!.refresh_token).toMatchObject({ minLength: 1 });
  });

  it('carries examples, each valid against its own schema', () => {
    const schemas: Record<string, z.ZodType> = {
      TokenRequest: TokenRequestSchema,
      TemplateSendRequest: TemplateSendRequestSchema,
      SessionsSendRequest: SessionsSendRequestSchema,
      SessionsCancelRequest: SessionsCancelRequestSchema,
      TokenResponse: TokenResponseSchema,
      TemplateSendResponse: TemplateSendResponseSchema,
      SessionsSendResponse: SessionsSendResponseSchema,
      SessionsCancelResponse: SessionsCancelResponseSchema,
      ErrorResponse: ErrorResponseSchema,
      SessionErrorResponse: SessionErrorResponseSchema,
      SessionsSendRejectedResponse: SessionsSendRejectedResponseSchema,
    };
    for (const [name, schema] of Object.entries(schemas)) {
      const example = component(name).example;
      expect(example, `${name} has an example`).toBeDefined();
      expect(schema.safeParse(example).error, name).toBeUndefined();
    }
  });
});
