import { z } from '@hono/zod-openapi';
import { booleanValue, emailString, oneOf, PathIdSchema, strictObject, textString } from './common.ts';
import { MemberRoleSchema } from './members.ts';
import { isoTime } from './read-fields.ts';

// Single sign-on for an account's members (OpenID Connect or SAML 2.0), configured by an owner for a verified
// email domain. Our own API (docs/sso.md).

export const ssoProtocols = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];

/** A lower-cased DNS name of at least two labels, such as `example.com`. */
export const SsoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, {
    error: 'must be a domain name such as example.com',
  });

const httpUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: `must be the ${what} (an http or https URL)` }).max(2000);

const OidcSettingsRequestSchema = strictObject({
  issuer: httpUrl("provider's issuer URL").openapi({
    description: 'Discovery reads `<issuer>/.well-known/openid-configuration`.',
  }),
  clientId: textString(500).min(1),
  clientSecret: textString(2000).min(1).optional().openapi({
    description: 'Stored encrypted; never shown again. Omit to keep the one stored.',
  }),
});

const SamlSettingsRequestSchema = strictObject({
  entityId: textString(2000).min(1).openapi({ description: "The IdP's entity ID (the assertions' Issuer)." }),
  ssoUrl: httpUrl("IdP's single sign-on URL (HTTP-Redirect binding)"),
  certificate: z
    .string()
    .max(20_000)
    .regex(/^[\sA-Za-z0-9+/=-]+$/, { error: 'must be a PEM or base64 X.509 certificate' })
    .openapi({ description: "The IdP's signing certificate (PEM or base64 DER)." }),
});

const commonRequestFields = {
  domain: SsoDomainSchema.openapi({
    description: 'The email domain whose members sign in through this IdP.',
  }),
  defaultRole: MemberRoleSchema.optional().openapi({
    description: 'Role of a member created at their first single sign-on. Default `member`.',
  }),
  requireSso: booleanValue().optional().openapi({
    description:
      'Members at the domain (owners excepted) may not sign in by emailed link or passkey. Default false.',
  }),
};

export const SsoConnectionRequestSchema = z
  .discriminatedUnion('protocol', [
    strictObject({ protocol: z.literal('oidc'), ...commonRequestFields, oidc: OidcSettingsRequestSchema }),
    strictObject({ protocol: z.literal('saml'), ...commonRequestFields, saml: SamlSettingsRequestSchema }),
  ])
  .openapi('SsoConnectionRequest');
export type SsoConnectionRequest = z.output<typeof SsoConnectionRequestSchema>;

export const SsoVerificationSchema = z
  .object({
    recordType: z.literal('TXT'),
    recordName: z.string().openapi({ description: 'The domain itself.' }),
    recordValue: z.string().openapi({ example: 'countersign-verification=3q2-7w...' }),
    verified: z.boolean(),
    verifiedAt: isoTime.nullable(),
  })
  .openapi('SsoVerification');

export const SsoConnectionSchema = z
  .object({
    protocol: oneOf(ssoProtocols),
    domain: z.string(),
    verification: SsoVerificationSchema,
    defaultRole: MemberRoleSchema,
    requireSso: z.boolean(),
    oidc: z.object({ issuer: z.string(), clientId: z.string(), clientSecretSet: z.boolean() }).nullable(),
    saml: z.object({ entityId: z.string(), ssoUrl: z.string(), certificate: z.string() }).nullable(),
    updatedAt: isoTime,
  })
  .openapi('SsoConnection');
export type SsoConnection = z.output<typeof SsoConnectionSchema>;

export const SsoSettingsSchema = z
  .object({
    connection: SsoConnectionSchema.nullable(),
    serviceProvider: z
      .object({
        oidcRedirectUri: z.string().openapi({ description: 'Register it with the OIDC provider.' }),
        samlEntityId: z.string(),
        samlAcsUrl: z.string().openapi({ description: 'Assertion Consumer Service (HTTP-POST).' }),
        samlMetadataUrl: z.string(),
      })
      .openapi({ description: 'What the identity provider needs to know about this service.' }),
  })
  .openapi('SsoSettings');
export type SsoSettings = z.output<typeof SsoSettingsSchema>;

export const SsoStartRequestSchema = z
  .union([
    strictObject({ email: emailString() }),
    strictObject({ accountId: PathIdSchema.openapi({ description: 'Start from an account instead.' }) }),
  ])
  .openapi('SsoStartRequest');

export const SsoStartResponseSchema = z
  .object({
    redirectUrl: z.string().openapi({ description: "The identity provider's sign-in page: navigate there." }),
  })
  .openapi('SsoStart');

export const SsoAccountParamsSchema = z.object({ accountId: PathIdSchema });
