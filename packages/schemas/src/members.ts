import { z } from '@hono/zod-openapi';
import {
  emailString,
  nonEmptyString,
  nullableString,
  oneOf,
  PathIdSchema,
  readableText,
  strictObject,
  textString,
} from './common.ts';
import { ScopeSchema } from './integration.ts';
import { SUPPORTED_LOCALES } from './locales.ts';
import { isoTime, listOf } from './read-fields.ts';
import { retentionDays } from './retention.ts';

// The web app's people: members of an account, sign-in by emailed link, cookie sessions. Our own API (the spec
// only says the web app exists).

export const memberRoles = ['owner', 'member'] as const;
export const MemberRoleSchema = oneOf(memberRoles).openapi('MemberRole', {
  description:
    '`owner`: every scope, `account:admin` included (members, tokens, settings...); `member`: every scope but ' +
    '`account:admin` (docs/permissions.md).',
});

export const MemberSchema = z
  .object({
    memberId: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: MemberRoleSchema,
    createdAt: isoTime,
    lastSignInAt: isoTime.nullable(),
  })
  .openapi('Member');

export const MemberListSchema = listOf('members', MemberSchema, 'MemberList');

/**
 * An account's name: it reaches email subjects, bodies and sender names, so one line of readable text (no CR, LF
 * or other control character). The CLI's `accounts create --name` holds it to the same rule.
 */
export const accountName = () => readableText(nonEmptyString(200));

export const MemberInviteRequestSchema = strictObject({
  email: emailString(),
  name: nullableString(200, (text) => readableText(text)).optional(),
  role: MemberRoleSchema.optional().openapi({ description: 'Default `member`.' }),
}).openapi('MemberInviteRequest');

export const MemberIdParamsSchema = z.object({ memberId: PathIdSchema });

export const MemberUpdateRequestSchema = strictObject({
  role: MemberRoleSchema.openapi({
    description:
      "The member's new role. A demoted owner's tokens lose `account:admin` at once; the account keeps an owner.",
  }),
}).openapi('MemberUpdateRequest');

export const SignInRequestSchema = strictObject({ email: emailString() }).openapi('SignInRequest');

export const SignInVerifyRequestSchema = strictObject({
  token: textString(200)
    .min(1)
    .openapi({ description: 'The `token` of the emailed link (after `#token=`).' }),
}).openapi('SignInVerifyRequest');

export const FirstRunStatusSchema = z
  .object({
    needed: z.boolean().openapi({
      description:
        'True while the server holds no account: `pnpm start` printed a setup link (docs/web-app.md).',
    }),
  })
  .openapi('FirstRunStatus');

export const FirstRunRequestSchema = strictObject({
  token: textString(200)
    .min(1)
    .openapi({ description: 'The `token` of the setup link `pnpm start` printed (after `#token=`).' }),
  accountName: accountName(),
  name: readableText(nonEmptyString(200)).openapi({ description: "The owner's name." }),
  email: emailString().openapi({ description: "The owner's address: the account's too." }),
}).openapi('FirstRunRequest');

export const AccountSchema = z
  .object({
    accountId: z.string(),
    name: z.string(),
    email: z.string(),
    defaultSenderName: z.string().nullable(),
    outcomeEmail: z
      .string()
      .nullable()
      .openapi({
        description:
          'Extension: an address told whenever a session of the account completes or is declined, beside the ' +
          'member who sent it; null: nobody but that member.',
      }),
    retentionDays: z.int().nullable().openapi({
      description:
        'Extension: days an ended session is kept before it is purged (a send may set its own); null: kept.',
    }),
    createdAt: isoTime,
  })
  .openapi('Account');
export type Account = z.output<typeof AccountSchema>;

export const AccountUpdateRequestSchema = strictObject({
  name: accountName().optional(),
  defaultSenderName: nullableString(100, (text) => readableText(text))
    .optional()
    .openapi({
      description: 'Sender name of invite emails when a send gives none; null: the account name.',
    }),
  outcomeEmail: emailString()
    .nullable()
    .optional()
    .openapi({
      description:
        'Extension: an address (a shared inbox) emailed whenever a session completes or is declined, whoever ' +
        'sent it, tokens included; null: none (docs/web-app.md "Outcome emails").',
    }),
  retentionDays: retentionDays()
    .nullable()
    .optional()
    .openapi({
      description:
        'Extension: days after a session ends (completed, cancelled, declined, expired, failed) before it is ' +
        'purged, for sessions sent without their own `retentionDays`; null: kept (the default). Changing it ' +
        'applies to sessions already ended too.',
    }),
}).openapi('AccountUpdateRequest');

/** The signed-in member's own settings (not an owner's to change for them). */
export const MemberPreferencesSchema = z
  .object({
    outcomeEmails: z.boolean().openapi({
      description: 'Emailed when a session this member sent from the web app completes or is declined.',
    }),
    emailLocale: z
      .enum(SUPPORTED_LOCALES)
      .nullable()
      .openapi({ description: "The language of those emails; null: the account's default language." }),
  })
  .openapi('MemberPreferences');
export type MemberPreferences = z.output<typeof MemberPreferencesSchema>;

export const MemberPreferencesUpdateSchema = strictObject({
  outcomeEmails: z.boolean().optional(),
  emailLocale: z.enum(SUPPORTED_LOCALES).nullable().optional(),
}).openapi('MemberPreferencesUpdate');

export const MeSchema = z
  .object({
    account: AccountSchema,
    member: MemberSchema.nullable().openapi({ description: 'Null when called with a bearer token.' }),
    csrfToken: z.string().nullable().openapi({
      description:
        'Send it as `X-CSRF-Token` on every cookie-authenticated write. Null when called with a bearer token.',
    }),
    scopes: z.array(ScopeSchema).openapi({
      description:
        "What the caller may do now: the member's role's scopes, or the token's (docs/permissions.md).",
    }),
    test: z.boolean().openapi({ description: 'Called with a test token: test mode (docs/test-mode.md).' }),
  })
  .openapi('Me');

export const MemberSessionSchema = z
  .object({
    sessionId: z.string(),
    method: oneOf(['link', 'passkey', 'sso'] as const),
    createdAt: isoTime,
    lastSeenAt: isoTime,
    expiresAt: isoTime.openapi({
      description: 'When it ends if unused (idle or absolute limit, whichever first).',
    }),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    current: z.boolean().openapi({ description: 'The session of this request.' }),
  })
  .openapi('MemberSession');

export const MemberSessionListSchema = listOf('sessions', MemberSessionSchema, 'MemberSessionList');

export const MemberSessionIdParamsSchema = z.object({ sessionId: PathIdSchema });
