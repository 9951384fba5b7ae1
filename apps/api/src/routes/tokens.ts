import {
  allowanceUsageView,
  createRefreshToken,
  creatorFor,
  DomainError,
  holds,
  listRefreshTokens,
  refreshTokenView,
  revokeRefreshToken,
  tokenCreatedEntry,
  tokensVisibleTo,
} from '@countersign/core';
import {
  AccessErrorResponseSchema,
  AllowanceUsageSchema,
  RefreshTokenCreatedSchema,
  RefreshTokenCreateRequestSchema,
  RefreshTokenIdParamsSchema,
  RefreshTokenListSchema,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../http/access.ts';
import { forAccount } from '../http/account-scope.ts';
import { recorded } from '../http/actor.ts';
import type { AppEnv } from '../http/env.ts';
import { noContent } from '../http/no-content.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../http/openapi.ts';
import { deleteRoute, type RecordKind } from '../http/record-route.ts';

/** A refresh token of the account, named by `{tokenId}`. */
const accountToken = {
  access: needs(null, { live: true }),
  tags: ['Integration'],
  params: RefreshTokenIdParamsSchema,
  notFound: errorResponseFor('`refresh_token_not_found`: no such token in this account.'),
} satisfies RecordKind<typeof RefreshTokenIdParamsSchema>;

export const tokensListRoute = apiRoute({
  method: 'get',
  path: '/api/tokens',
  access: needs(null, { live: true }),
  tags: ['Integration'],
  summary: "The account's refresh tokens",
  responses: {
    200: jsonResponse('Live tokens.', RefreshTokenListSchema),
  },
});

export const tokensCreateRoute = apiRoute({
  method: 'post',
  path: '/api/tokens',
  access: needs(null, { live: true }),
  tags: ['Integration'],
  summary: 'Create a refresh token',
  description:
    'The token is in this answer only; the service keeps its SHA-256. It records its creator (the member, or ' +
    'the creator of the token that made it) and its scopes, never more than the caller holds.',
  request: {
    body: jsonBody(RefreshTokenCreateRequestSchema),
  },
  responses: {
    201: jsonResponse('Created.', RefreshTokenCreatedSchema),
    403: errorResponseFor(
      '`insufficient_scope`: `scopes` names a scope the caller lacks (`scope` names it).',
      { schema: AccessErrorResponseSchema },
    ),
  },
});

export const tokensRevokeRoute = deleteRoute(accountToken, '/api/tokens/{tokenId}', {
  summary: 'Revoke a refresh token',
  description:
    'Immediate: access tokens minted from it stop working too. Without `account:admin` only the tokens of the ' +
    "caller's creator can be revoked (another's answers 404).",
  done: 'Revoked (also when it already was).',
});

export const allowanceRoute = apiRoute({
  method: 'get',
  path: '/api/allowance',
  access: needs('account:read'),
  tags: ['Integration'],
  summary: "The account's API allowance: used, left, reset time, last 30 days",
  responses: {
    200: jsonResponse('The allowance.', AllowanceUsageSchema),
  },
});

export function registerTokens(app: OpenAPIHono<AppEnv>): void {
  app.openapi(tokensListRoute, async (c) => {
    const rows = await listRefreshTokens(...forAccount(c), tokensVisibleTo(c.get('principal')));
    const tokens = rows.filter((t) => t.revokedAt === null).map(refreshTokenView);
    return c.json({ tokens }, 200);
  });
  app.openapi(tokensCreateRoute, async (c) => {
    const body = c.req.valid('json');
    const label = body.label?.trim() || null;
    const principal = c.get('principal');
    // A token never holds more than whoever made it: a member their role's scopes, a token its own.
    const lacking = body.scopes?.find((scope) => !holds(principal, scope));
    if (lacking) {
      throw new DomainError(
        'insufficient_scope',
        `you cannot give a token the scope ${lacking}, which you lack`,
        {
          scope: lacking,
        },
      );
    }
    const created = await recorded(
      c,
      () =>
        createRefreshToken(...forAccount(c), label ?? undefined, {
          test: body.test,
          scopes: body.scopes ?? principal.scopes,
          creator: creatorFor(principal),
        }),
      (t) => tokenCreatedEntry({ ...t, label }),
    );
    return c.json({ ...created, label }, 201);
  });
  noContent(app, tokensRevokeRoute, (c) => {
    const { tokenId } = c.req.valid('param');
    return recorded(
      c,
      () => revokeRefreshToken(...forAccount(c), tokenId, tokensVisibleTo(c.get('principal'))),
      () => ({ action: 'token.revoked', target: { kind: 'token', id: tokenId } }),
    );
  });
  app.openapi(allowanceRoute, async (c) => c.json(await allowanceUsageView(...forAccount(c)), 200));
}
