import { z } from '@hono/zod-openapi';
import { nullableString, PathIdSchema, strictObject } from './common.ts';
import { isoTime, listOf } from './read-fields.ts';
import { scopeDescriptions, scopes } from './scopes.ts';

// The integration page's resources over the API: refresh tokens and the allowance. Our own API (the spec says
// only that tokens are generated "on the integration page of the web app").

export const ScopeSchema = z.enum(scopes).openapi('Scope', {
  description: Object.entries(scopeDescriptions)
    .map(([scope, words]) => `\`${scope}\`: ${words}`)
    .join(' '),
});

export const TokenCreatorSchema = z
  .object({
    kind: z.enum(['member', 'cli', 'unrecorded']).openapi({
      description:
        "`member`: a member made it (in the web app, or with a token of theirs); `cli`: the operator's CLI; " +
        "`unrecorded`: made before creators were recorded (it acts as an owner's token).",
    }),
    memberId: z.string().nullable(),
    email: z.string().nullable().openapi({ description: "The member's email, while they are a member." }),
    name: z.string().nullable(),
  })
  .openapi('TokenCreator');

export const RefreshTokenInfoSchema = z
  .object({
    tokenId: z.string(),
    label: z.string().nullable(),
    hint: z.string().openapi({ description: 'The first characters of the token, to tell tokens apart.' }),
    createdAt: isoTime,
    lastUsedAt: isoTime.nullable().openapi({ description: 'Last exchange at `POST /connect/token`.' }),
    test: z.boolean().openapi({ description: 'A test token (docs/test-mode.md).' }),
    scopes: z.array(ScopeSchema).openapi({ description: 'What it may do now (docs/permissions.md).' }),
    createdBy: TokenCreatorSchema,
  })
  .openapi('RefreshTokenInfo');

export const RefreshTokenListSchema = listOf('tokens', RefreshTokenInfoSchema, 'RefreshTokenList', {
  description:
    'Live (unrevoked) tokens, newest first; never the secrets. An owner (`account:admin`) sees every token, ' +
    'anyone else those of the same creator (a member their own).',
});

export const RefreshTokenCreateRequestSchema = strictObject({
  label: nullableString(100).optional(),
  test: z
    .boolean()
    .default(false)
    .openapi({
      description:
        'A test token: every session sent with it is a test session (marked everywhere, not legally binding, free, ' +
        'emails only to the account). See docs/test-mode.md.',
    }),
  scopes: z
    .array(ScopeSchema)
    .min(1)
    .max(20)
    .optional()
    .openapi({
      description:
        'What the token may do; default: every scope the caller holds. A caller can give only scopes it ' +
        'holds (403 `insufficient_scope` naming the first it lacks). See docs/permissions.md.',
      example: ['sessions:send', 'sessions:read'],
    }),
}).openapi('RefreshTokenCreateRequest');

export const RefreshTokenCreatedSchema = z
  .object({
    tokenId: z.string(),
    label: z.string().nullable(),
    refreshToken: z.string().openapi({ description: 'Shown only in this answer: store it now.' }),
    test: z.boolean().openapi({ description: 'A test token (docs/test-mode.md).' }),
    scopes: z.array(ScopeSchema),
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

export type RefreshTokenInfo = z.output<typeof RefreshTokenInfoSchema>;
export type RefreshTokenCreateRequest = z.input<typeof RefreshTokenCreateRequestSchema>;
export type RefreshTokenCreated = z.output<typeof RefreshTokenCreatedSchema>;
