import { z } from '@hono/zod-openapi';
import { nullableString, PathIdSchema, strictObject } from './common.ts';
import { isoTime, listOf } from './read-fields.ts';

// The integration page's resources over the API: refresh tokens and the allowance. Our own API (the spec says
// only that tokens are generated "on the integration page of the web app").

export const RefreshTokenInfoSchema = z
  .object({
    tokenId: z.string(),
    label: z.string().nullable(),
    hint: z.string().openapi({ description: 'The first characters of the token, to tell tokens apart.' }),
    createdAt: isoTime,
    lastUsedAt: isoTime.nullable().openapi({ description: 'Last exchange at `POST /connect/token`.' }),
    test: z.boolean().openapi({ description: 'A test token (docs/test-mode.md).' }),
  })
  .openapi('RefreshTokenInfo');

export const RefreshTokenListSchema = listOf('tokens', RefreshTokenInfoSchema, 'RefreshTokenList', {
  description: 'Live (unrevoked) tokens, newest first; never the secrets.',
});

export const RefreshTokenCreateRequestSchema = strictObject({
  label: nullableString(100).optional(),
  test: z
    .boolean()
    .default(false)
    .openapi({
      description:
        'A test token: every session sent with it is a test session (marked everywhere, not legally binding, free, ' +
        'emails only to the account). A test token may create test tokens only. See docs/test-mode.md.',
    }),
}).openapi('RefreshTokenCreateRequest');

export const RefreshTokenCreatedSchema = z
  .object({
    tokenId: z.string(),
    label: z.string().nullable(),
    refreshToken: z.string().openapi({ description: 'Shown only in this answer: store it now.' }),
    test: z.boolean().openapi({ description: 'A test token (docs/test-mode.md).' }),
  })
  .openapi('RefreshTokenCreated');

export const RefreshTokenIdParamsSchema = z.object({ tokenId: PathIdSchema });

export const AllowanceUsageSchema = z
  .object({
    limit: z.int().openapi({ description: 'Units per period.' }),
    used: z.int().openapi({ description: 'Units spent in the current period.' }),
    left: z.int(),
    resetsAt: isoTime.openapi({ description: 'When the current period ends and `used` starts from 0.' }),
    daily: z
      .array(z.object({ date: z.string().openapi({ example: '2026-11-22' }), units: z.int() }))
      .openapi({ description: 'Units spent per UTC day over the last 30 days, oldest first.' }),
  })
  .openapi('AllowanceUsage');
