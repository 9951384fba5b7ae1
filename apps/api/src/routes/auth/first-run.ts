import { completeFirstRun, needsFirstRun } from '@countersign/core';
import { FirstRunRequestSchema, FirstRunStatusSchema, MeSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { anyone } from '../../http/access.ts';
import { requireSameSite } from '../../http/account-auth.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { crossSiteForbidden, startSession } from './sign-in.ts';

// First run without a shell (docs/web-app.md): the setup link `pnpm start` prints while no account exists.

export const firstRunStatusRoute = apiRoute({
  method: 'get',
  path: '/api/auth/setup',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: 'Whether the server still needs its first account',
  description:
    'True while the server holds no account: the sign-in page then says to open the setup link the server ' +
    'printed. Says nothing else about the server.',
  security: [],
  responses: { 200: jsonResponse('Whether first-run setup is open.', FirstRunStatusSchema) },
});

export const firstRunRoute = apiRoute({
  method: 'post',
  path: '/api/auth/setup',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: 'Create the first account and its owner (first run)',
  description:
    'With the token of the setup link the server printed at start, creates the first account and its owner and ' +
    'signs the owner in as `POST /api/auth/sign-in/verify` does (cookie session; the answer carries the CSRF ' +
    'token). Works only while the server holds no account: afterwards 410 `setup_complete`. No refresh token ' +
    'is made: the owner makes tokens in the app.',
  security: [],
  request: { body: jsonBody(FirstRunRequestSchema) },
  responses: {
    200: jsonResponse('The first account exists and its owner is signed in.', MeSchema),
    400: errorResponseFor('`setup_link_invalid`: not the token the server printed; or validation.'),
    403: crossSiteForbidden,
    410: errorResponseFor('`setup_complete`: the server has an account already; sign in instead.'),
  },
});

export function registerFirstRun(app: OpenAPIHono<AppEnv>): void {
  app.openapi(firstRunStatusRoute, async (c) =>
    c.json({ needed: await needsFirstRun(c.get('deps').runtime.ctx) }, 200),
  );
  app.openapi(firstRunRoute, async (c) => {
    requireSameSite(c);
    const { token, ...input } = c.req.valid('json');
    const owner = await completeFirstRun(c.get('deps').runtime.ctx, token, input);
    return c.json(await startSession(c, owner, 'link'), 200);
  });
}
