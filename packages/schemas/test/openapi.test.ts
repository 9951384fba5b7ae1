import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorResponseSchema,
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
} from '../src/index.ts';

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
};
type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = (schema: z.ZodType) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

/** A throwaway app with the four endpoints, routes declared the way the API declares them. */
function buildDocument(): Document {
  const app = new OpenAPIHono();
  // Handlers never run here; each answers a typed 400 so the route types check.
  const bad = { error: 'invalid_request', message: 'not implemented in this test' };
  app.openapi(
    createRoute({
      method: 'post',
      path: '/connect/token',
      request: body(TokenRequestSchema),
      responses: {
        200: json(TokenResponseSchema, 'token'),
        400: json(ErrorResponseSchema, 'validation failed'),
      },
    }),
    (c) => c.json(bad, 400),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/templates/send',
      request: body(TemplateSendRequestSchema),
      responses: {
        200: json(TemplateSendResponseSchema, 'sent'),
        400: json(ErrorResponseSchema, 'bad request'),
        404: json(ErrorResponseSchema, 'not found'),
        503: json(ErrorResponseSchema, 'server error'),
      },
    }),
    (c) => c.json(bad, 400),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/sessions/send',
      request: body(SessionsSendRequestSchema),
      responses: {
        200: json(SessionsSendResponseSchema, 'every row sent'),
        207: json(SessionsSendResponseSchema, 'some rows failed'),
        400: json(SessionErrorResponseSchema, 'bad request'),
        422: json(SessionsSendRejectedResponseSchema, 'nothing created'),
        502: json(SessionErrorResponseSchema, 'server error'),
      },
    }),
    (c) => c.json(bad, 400),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/sessions/cancel',
      request: body(SessionsCancelRequestSchema),
      responses: {
        200: json(SessionsCancelResponseSchema, 'cancelled'),
        400: json(SessionErrorResponseSchema, 'bad request'),
        404: json(SessionErrorResponseSchema, 'not found'),
        409: json(SessionErrorResponseSchema, 'completed'),
      },
    }),
    (c) => c.json(bad, 400),
  );
  return app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Countersign', version: '1.2.3' } });
}

let doc: Document;
let components: Record<string, JsonSchema>;

beforeAll(() => {
  doc = buildDocument();
  components = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
});

const resolve = (schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const target = components[schema.$ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`dangling $ref ${schema.$ref}`);
  return target;
};

/** Every object schema reachable from `root`, with a JSON-ish path for failure messages. */
function objectsUnder(
  root: JsonSchema,
  path: string,
  out = new Map<string, JsonSchema>(),
): Map<string, JsonSchema> {
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

const requestSchemaOf = (path: string): JsonSchema => {
  const operation = doc.paths?.[path]?.post as
    | { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    | undefined;
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`no request body for ${path}`);
  return schema;
};

describe('OpenAPI 3.1 document built with OpenAPIHono + createRoute', () => {
  it('is 3.1 with the four endpoints and every component', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths ?? {}).sort()).toEqual([
      '/api/sessions/cancel',
      '/api/sessions/send',
      '/api/templates/send',
      '/connect/token',
    ]);
    expect(Object.keys(components).sort()).toEqual(
      [
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
      ].sort(),
    );
    for (const [name, schema] of Object.entries(components)) {
      expect(schema.description, `${name} has a description`).toMatch(/\S/);
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
    const objects = objectsUnder(requestSchemaOf(path), '$');
    expect([...objects.keys()]).toEqual(expected);
    for (const [at, schema] of objects) expect(schema.additionalProperties, at).toBe(false);
  });

  it('additionalProperties false on every response and error object too', () => {
    for (const [name, schema] of Object.entries(components)) {
      expect(schema.additionalProperties, name).toBe(false);
    }
  });

  it('shows the defaults, and leaves defaulted properties out of required', () => {
    const templateSend = components.TemplateSendRequest!;
    const defaults = (schema: JsonSchema) =>
      Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([, property]) => property.default !== undefined)
          .map(([key, property]) => [key, property.default]),
      );
    expect(defaults(templateSend)).toEqual({
      signingType: 'parallel',
      authRequirement: 'otp',
      sendInitialNotification: false,
      remindersEnabled: false,
      expiresInDays: 30,
      notify: true,
    });
    expect(templateSend.required).toEqual(['templateId', 'signingRequests']);
    expect(templateSend.properties?.expiresInDays?.description).toContain('30');

    const sessionsSend = components.SessionsSendRequest!;
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
    const templateSend = components.TemplateSendRequest!.properties!;
    expect(templateSend.signingRequests).toMatchObject({ minItems: 1, maxItems: 10_000 });
    expect(templateSend.expiresInDays).toMatchObject({ type: 'integer', minimum: 1, maximum: 365 });
    expect(templateSend.subject).toMatchObject({ type: ['string', 'null'] });
    expect(templateSend.reminderDaysBeforeExpiry?.items).toMatchObject({ type: 'integer', minimum: 0 });
    expect(components.TemplateRecipient!.properties!.email).toMatchObject({
      format: 'email',
      maxLength: 254,
    });
    expect(components.SessionsSendRecipient!.properties!.order).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
    expect(components.SessionsCancelRequest!.properties!.sessionId).toMatchObject({ format: 'uuid' });
    expect(components.SessionsCancelRequest!.properties!.reason).toMatchObject({
      minLength: 1,
      maxLength: 500,
    });
    expect(components.TokenRequest!.properties!.refresh_token).toMatchObject({ minLength: 1 });
  });

  it('carries examples on every request body, each valid against its own schema', () => {
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
      const example = components[name]?.example;
      expect(example, `${name} has an example`).toBeDefined();
      expect(schema.safeParse(example).error, name).toBeUndefined();
    }
  });
});
