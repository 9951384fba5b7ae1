import { z } from '@hono/zod-openapi';
import { nonEmptyString, oneOf, PathIdSchema, readableText, strictObject } from './common.ts';
import { isoTime, listOf } from './read-fields.ts';

// Passkeys (WebAuthn) of the web app's members: registered once signed in, then a second way to sign in
// (discoverable credentials, so no email is typed). Bodies carry the browser's credential as JSON (WebAuthn
// Level 3 `toJSON()`, or @simplewebauthn/browser's answer); binary values are base64url.

/** A base64url value of a WebAuthn answer; the bound keeps a request small (attestations are a few KB). */
const base64url = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'must be base64url' });

const authenticatorAttachment = oneOf(['platform', 'cross-platform'] as const).optional();
const clientExtensionResults = z
  .record(z.string(), z.unknown())
  .openapi({ description: "The browser's `getClientExtensionResults()`." });
const transports = z
  .array(oneOf(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const))
  .max(10)
  .optional();

export const PasskeyRegistrationResponseSchema = strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: strictObject({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(40_000),
    authenticatorData: base64url(40_000).optional(),
    transports,
    publicKeyAlgorithm: z.int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
}).openapi('PasskeyRegistrationResponse', {
  description: 'The new credential as `navigator.credentials.create()` gives it, in its JSON form.',
});

export const PasskeyAuthenticationResponseSchema = strictObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: strictObject({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(40_000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
}).openapi('PasskeyAuthenticationResponse', {
  description: 'The assertion as `navigator.credentials.get()` gives it, in its JSON form.',
});

const passkeyLabel = readableText(nonEmptyString(100)).openapi({
  description: 'A name the member recognises, such as "Work laptop".',
});

export const PasskeyRegisterRequestSchema = strictObject({
  label: passkeyLabel.optional().openapi({ description: 'Default: "Passkey N".' }),
  response: PasskeyRegistrationResponseSchema,
}).openapi('PasskeyRegisterRequest');

export const PasskeyRenameRequestSchema = strictObject({ label: passkeyLabel }).openapi(
  'PasskeyRenameRequest',
);

export const PasskeySignInRequestSchema = strictObject({
  response: PasskeyAuthenticationResponseSchema,
}).openapi('PasskeySignInRequest');

/**
 * What the browser's WebAuthn call takes, as JSON (`PublicKeyCredential.parseCreationOptionsFromJSON` /
 * `parseRequestOptionsFromJSON`, or @simplewebauthn/browser). Only the challenge is described; the rest is
 * WebAuthn's own dictionary.
 */
const optionsSchema = (name: string, description: string) =>
  z
    .looseObject({
      challenge: z.string().openapi({ description: 'Single use, valid for 5 minutes.' }),
      rpId: z.string().optional(),
      timeout: z.int().optional(),
    })
    .openapi(name, { description });

export const PasskeyCreationOptionsSchema = optionsSchema(
  'PasskeyCreationOptions',
  'WebAuthn `PublicKeyCredentialCreationOptionsJSON` for `navigator.credentials.create()`: a discoverable ' +
    'credential (resident key required) for the signed-in member, whose other passkeys are excluded.',
);

export const PasskeyRequestOptionsSchema = optionsSchema(
  'PasskeyRequestOptions',
  'WebAuthn `PublicKeyCredentialRequestOptionsJSON` for `navigator.credentials.get()`, with no ' +
    '`allowCredentials`: the browser offers the passkeys it holds for this site.',
);

export const PasskeySchema = z
  .object({
    passkeyId: z.string(),
    label: z.string(),
    createdAt: isoTime,
    lastUsedAt: isoTime.nullable().openapi({ description: 'The last sign-in with it; null: never used.' }),
  })
  .openapi('Passkey');

export const PasskeyListSchema = listOf('passkeys', PasskeySchema, 'PasskeyList');

export const PasskeyIdParamsSchema = z.object({ passkeyId: PathIdSchema });
export type Passkey = z.output<typeof PasskeySchema>;
export type PasskeyList = z.output<typeof PasskeyListSchema>;
