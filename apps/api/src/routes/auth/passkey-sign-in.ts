import { passkeySignInOptions, signInWithPasskey } from '@countersign/core';
import { MeSchema, PasskeyRequestOptionsSchema, PasskeySignInRequestSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { anyone } from '../../http/access.ts';
import { requireSameSite } from '../../http/account-auth.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, commonErrors, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { crossSiteForbidden, startSession } from './sign-in.ts';

export const passkeySignInOptionsRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sign-in/passkey/options',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: 'Start a passkey sign-in',
  description:
    'The options for `navigator.credentials.get()`: a fresh challenge (single use, 5 minutes) and no credential ' +
    'list, so the browser offers the passkeys it holds for this site. At most 30 per client address and hour, ' +
    'then 429 with `Retry-After`.',
  security: [],
  request: {
    body: jsonBody(z.strictObject({})),
  },
  responses: {
    200: jsonResponse('Pass them to the browser.', PasskeyRequestOptionsSchema),
    403: crossSiteForbidden,
    429: commonErrors[429],
  },
});

export const passkeySignInRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sign-in/passkey',
  access: anyone,
  tags: ['Web app sign-in'],
  summary: 'Sign in with a passkey',
  description:
    "Checks the browser's answer: its challenge (spent now, so an answer works once), the credential (registered " +
    'and not removed), the origin (`PUBLIC_URL`), the signature and the counter. Then as the link sign-in: a ' +
    'cookie session (method `passkey`) and the CSRF token.',
  security: [],
  request: {
    body: jsonBody(PasskeySignInRequestSchema),
  },
  responses: {
    200: jsonResponse('Signed in.', MeSchema),
    400: errorResponseFor(
      '`passkey_failed`: an unknown, used or expired challenge, a passkey not registered (or removed), a wrong ' +
        'origin or signature, a counter that did not move on; or validation.',
    ),
    403: crossSiteForbidden,
  },
});

export function registerPasskeySignIn(app: OpenAPIHono<AppEnv>): void {
  app.openapi(passkeySignInOptionsRoute, async (c) => {
    requireSameSite(c);
    return c.json(await passkeySignInOptions(c.get('deps').runtime.ctx, c.get('clientAddress')), 200);
  });
  app.openapi(passkeySignInRoute, async (c) => {
    requireSameSite(c);
    const member = await signInWithPasskey(c.get('deps').runtime.ctx, c.req.valid('json').response);
    return c.json(await startSession(c, member, 'passkey'), 200);
  });
}
