import {
  allowanceUsageView,
  createRefreshToken,
  DomainError,
  listRefreshTokens,
  revokeRefreshToken,
} from '@countersign/core';
import {
  AllowanceUsageSchema,
  RefreshTokenCreatedSchema,
  RefreshTokenCreateRequestSchema,
  RefreshTokenIdParamsSchema,
  RefreshTokenListSchema,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../http/account-scope.ts';
import type { AppEnv } from '../http/env.ts';
import { noContent } from '../http/no-content.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../http/openapi.ts';
import { deleteRoute, type RecordKind } from '../http/record-route.ts';

/** A refresh token of the account, named by `{tokenId}`. */
const accountToken = {
  tags: ['Integration'],
  params: RefreshTokenIdParamsSchema,
  notFound: errorResponseFor('`refresh_token_not_found`: no such token in this account.'),
} satisfies RecordKind<typeof RefreshTokenIdParamsSchema>;

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export const tokensListRoute = apiRoute({
  method: 'get',
  path: '/api/tokens',
  tags: ['Integration'],
  summary: "The account's refresh tokens",
  responses: {
    200: jsonResponse('Live tokens.', RefreshTokenListSchema),
  },
});

export const tokensCreateRoute = apiRoute({
  method: 'post',
  path: '/api/tokens',
  tags: ['Integration'],
  summary: 'Create a refresh token',
  description: 'The token is in this answer only; the service keeps its SHA-256.',
  request: {
    body: jsonBody(RefreshTokenCreateRequestSchema),
  },
  responses: {
    201: jsonResponse('Created.', RefreshTokenCreatedSchema),
    403: errorResponseFor('`forbidden`: a test token cannot create a real one (docs/test-mode.md).'),
  },
});

export const tokensRevokeRoute = deleteRoute(accountToken, '/api/tokens/{tokenId}', {
  summary: 'Revoke a refresh token',
  description: 'Immediate: access tokens minted from it stop working too.',
  done: 'Revoked (also when it already was).',
});

export const allowanceRoute = apiRoute({
  method: 'get',
  path: '/api/allowance',
  tags: ['Integration'],
  summary: "The account's API allowance: used, left, reset time, last 30 days",
  responses: {
    200: jsonResponse('The allowance.', AllowanceUsageSchema),
  },
});

export function registerTokens(app: OpenAPIHono<AppEnv>): void {
  app.openapi(tokensListRoute, async (c) => {
    const rows = await listRefreshTokens(...forAccount(c));
    const tokens = rows
      .filter((t) => t.revokedAt === null)
      .map((t) => ({
        tokenId: t.tokenId,
        label: t.label,
        hint: t.hint,
        createdAt: iso(t.createdAt)!,
        lastUsedAt: iso(t.lastUsedAt),
        test: t.test,
      }));
    return c.json({ tokens }, 200);
  });
  app.openapi(tokensCreateRoute, async (c) => {
    const body = c.req.valid('json');
    const label = body.label?.trim() || null;
    if (c.get('testMode') && !body.test)
      throw new DomainError('forbidden', 'a test token can create test tokens only');
    const created = await createRefreshToken(...forAccount(c), label ?? undefined, {
      test: body.test,
    });
    return c.json({ ...created, label }, 201);
  });
  noContent(app, tokensRevokeRoute, (c) =>
    revokeRefreshToken(...forAccount(c), c.req.valid('param').tokenId),
  );
  app.openapi(allowanceRoute, async (c) => c.json(await allowanceUsageView(...forAccount(c)), 200));
}
