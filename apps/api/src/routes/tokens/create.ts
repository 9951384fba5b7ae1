import { createRefreshToken } from '@countersign/core';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { errorResponse } from '../../http/errors.ts';
import { apiRoute, errorResponseFor } from '../../http/openapi.ts';

export const RefreshTokenCreateRequestSchema = z
  .strictObject({
    label: z.string().min(1).max(100).optional().openapi({ description: 'Tells tokens apart in listings.' }),
    test: z
      .boolean()
      .default(false)
      .openapi({
        description:
          'A test token: every session sent with it is a test session (marked everywhere, not legally binding, ' +
          'free, emails only to the account). See docs/test-mode.md.',
      }),
  })
  .openapi('RefreshTokenCreateRequest');

export const RefreshTokenCreatedSchema = z
  .strictObject({
    tokenId: z.string(),
    refreshToken: z.string().openapi({ description: 'Shown only in this answer; only its hash is kept.' }),
    test: z.boolean(),
  })
  .openapi('RefreshTokenCreated');

export const refreshTokenCreateRoute = apiRoute({
  method: 'post',
  path: '/api/tokens',
  tags: ['Tokens'],
  summary: 'Create a refresh token (optionally a test token)',
  description:
    'Extension. A new refresh token of the calling account, for `POST /connect/token`. A test access token ' +
    'may create test tokens only (403 `forbidden` otherwise).',
  request: {
    body: { required: true, content: { 'application/json': { schema: RefreshTokenCreateRequestSchema } } },
  },
  responses: {
    201: { description: 'Created.', content: { 'application/json': { schema: RefreshTokenCreatedSchema } } },
    403: errorResponseFor('`forbidden`: a test token cannot create a real one.'),
  },
});

export function registerRefreshTokenCreate(app: OpenAPIHono<AppEnv>): void {
  app.openapi(refreshTokenCreateRoute, (c) => {
    const { label, test } = c.req.valid('json');
    if (c.get('testMode') && !test)
      return errorResponse(c, 'forbidden', 'a test token can create test tokens only') as never;
    const created = createRefreshToken(c.get('deps').runtime.ctx, c.get('accountId'), label, { test });
    return c.json(created, 201);
  });
}
