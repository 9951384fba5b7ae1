import { TokenRequestSchema, TokenResponseSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { anyone } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { apiRoute, commonErrors, jsonBody, jsonResponse } from '../http/openapi.ts';

export const tokenRoute = apiRoute({
  method: 'post',
  path: '/connect/token',
  access: anyone,
  tags: ['Authentication'],
  summary: 'Exchange a refresh token for an access token',
  description:
    'Returns a short-lived JWT access token. Unknown and revoked refresh tokens answer 400 `invalid_grant`. ' +
    'After 20 failed exchanges in a minute from one address, further attempts answer 429 with `Retry-After`.',
  security: [],
  request: { body: jsonBody(TokenRequestSchema) },
  responses: {
    200: jsonResponse('An access token.', TokenResponseSchema),
    429: commonErrors[429],
  },
});

export function registerToken(app: OpenAPIHono<AppEnv>): void {
  app.openapi(tokenRoute, async (c) => {
    const { refresh_token } = c.req.valid('json');
    const token = await c.get('deps').runtime.accessTokens.exchange(refresh_token, c.get('clientAddress'));
    c.header('Cache-Control', 'no-store');
    return c.json(token, 200);
  });
}
