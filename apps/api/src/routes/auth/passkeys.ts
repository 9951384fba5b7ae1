import {
  listPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '@countersign/core';
import {
  PasskeyCreationOptionsSchema,
  PasskeyIdParamsSchema,
  PasskeyListSchema,
  PasskeyRegisterRequestSchema,
  PasskeyRenameRequestSchema,
  PasskeySchema,
} from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { signedInMember } from '../../http/access.ts';
import type { AppEnv } from '../../http/env.ts';
import { signedInMemberOf } from '../../http/member-access.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, commonErrors, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { deleteRoute, type RecordKind, recordRoute } from '../../http/record-route.ts';

// The signed-in member's own passkeys (cookie session only: a bearer token is no person).

const tags = ['Web app sign-in'];

/** The routes about one passkey of the signed-in member, named by `{passkeyId}`. */
const memberPasskey = {
  access: signedInMember,
  tags,
  params: PasskeyIdParamsSchema,
  notFound: errorResponseFor('`passkey_not_found`: not a passkey of this member.'),
} satisfies RecordKind<typeof PasskeyIdParamsSchema>;

export const passkeyListRoute = apiRoute({
  method: 'get',
  path: '/api/me/passkeys',
  access: signedInMember,
  tags,
  summary: "The signed-in member's passkeys",
  responses: {
    200: jsonResponse('Oldest first.', PasskeyListSchema),
  },
});

export const passkeyOptionsRoute = apiRoute({
  method: 'post',
  path: '/api/me/passkeys/options',
  access: signedInMember,
  tags,
  summary: 'Start registering a passkey',
  description:
    'The options for `navigator.credentials.create()`: a discoverable credential for this member with a fresh ' +
    'challenge (single use, 5 minutes); their passkeys are excluded. At most 20 per member and hour, then 429.',
  request: { body: jsonBody(z.strictObject({})) },
  responses: {
    200: jsonResponse('Pass them to the browser.', PasskeyCreationOptionsSchema),
    429: commonErrors[429],
  },
});

export const passkeyRegisterRoute = apiRoute({
  method: 'post',
  path: '/api/me/passkeys',
  access: signedInMember,
  tags,
  summary: 'Register a passkey',
  description:
    "Checks the browser's new credential against this member's challenge (spent now), the origin (`PUBLIC_URL`) " +
    'and RP ID, and keeps its public key and counter. It can then sign this member in.',
  request: {
    body: jsonBody(PasskeyRegisterRequestSchema),
  },
  responses: {
    201: jsonResponse('Registered.', PasskeySchema),
    400: errorResponseFor(
      "`passkey_failed`: an unknown, used, expired or another member's challenge, a wrong origin or RP ID, a " +
        'passkey registered already; `invalid_request`: validation, or 20 passkeys held already.',
    ),
  },
});

export const passkeyRenameRoute = recordRoute(memberPasskey, {
  method: 'patch',
  path: '/api/me/passkeys/{passkeyId}',
  summary: 'Rename a passkey',
  request: { body: jsonBody(PasskeyRenameRequestSchema) },
  responses: { 200: jsonResponse('Renamed.', PasskeySchema) },
});

export const passkeyRemoveRoute = deleteRoute(memberPasskey, '/api/me/passkeys/{passkeyId}', {
  summary: 'Remove a passkey',
  description:
    'Signing in with it fails from now on; sessions it started stay until they end or are revoked.',
  done: 'Removed.',
  responses: {},
});

export function registerPasskeys(app: OpenAPIHono<AppEnv>): void {
  app.openapi(passkeyListRoute, async (c) => {
    const who = signedInMemberOf(c);
    return c.json({ passkeys: await listPasskeys(c.get('deps').runtime.ctx, who.memberId) }, 200);
  });
  app.openapi(passkeyOptionsRoute, async (c) => {
    const who = signedInMemberOf(c);
    return c.json(await passkeyRegistrationOptions(c.get('deps').runtime.ctx, who), 200);
  });
  app.openapi(passkeyRegisterRoute, async (c) => {
    const who = signedInMemberOf(c);
    return c.json(await registerPasskey(c.get('deps').runtime.ctx, who, c.req.valid('json')), 201);
  });
  app.openapi(passkeyRenameRoute, async (c) => {
    const who = signedInMemberOf(c);
    const { passkeyId } = c.req.valid('param');
    const label = c.req.valid('json').label;
    return c.json(await renamePasskey(c.get('deps').runtime.ctx, who.memberId, passkeyId, label), 200);
  });
  noContent(app, passkeyRemoveRoute, async (c) => {
    const who = signedInMemberOf(c);
    await removePasskey(c.get('deps').runtime.ctx, who.memberId, c.req.valid('param').passkeyId);
  });
}
