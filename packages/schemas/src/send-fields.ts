import { z } from '@hono/zod-openapi';
import {
  AuthRequirementSchema,
  arrayOf,
  booleanValue,
  emailString,
  integerInRange,
  nonEmptyString,
  readableText,
  SigningTypeSchema,
  textString,
} from './common.ts';
import {
  EXPIRES_IN_DAYS_DEFAULT,
  EXPIRES_IN_DAYS_MAX,
  EXPIRES_IN_DAYS_MIN,
  RECIPIENTS_MAX,
  RECIPIENTS_MIN,
  SIGNING_REQUESTS_MAX,
  SIGNING_REQUESTS_MIN,
  TEXT_MAX_LENGTH,
} from './limits.ts';
import { SUPPORTED_LOCALES } from './locales.ts';

export { sendRetentionDaysField as retentionDaysField } from './retention.ts';

// The properties the two sends (4.2 templates, 4.3 own PDF) share: one definition, so a limit or a rule
// cannot drift between them. Only the descriptions that differ by send are parameters.

/** One of the supported languages, with the message that lists them. */
export const localeChoice = () =>
  z.enum(SUPPORTED_LOCALES, { error: `must be one of ${SUPPORTED_LOCALES.join(', ')}` });

const signerName = { description: 'Display name shown on the signing document.' };
const signerEmail = { description: 'Email address of the signer.' };

/** A signer's name and address, as a send gives them. */
export const signerFields = {
  name: readableText(nonEmptyString(TEXT_MAX_LENGTH)).openapi(signerName),
  email: emailString().openapi(signerEmail),
};

/** A signer as a send's response starts it: the participant it became and the address given. */
export const participantFields = {
  participantId: textString(),
  email: textString().openapi(signerEmail),
};

/** The name given for the signer, echoed by a send's response (`displayName` or `name`, by send). */
export const participantNameField = () => textString().optional().openapi(signerName);

/** An entry's `recipients`: at least one signer, at most RECIPIENTS_MAX. */
export const recipientsOf = <T extends z.ZodType>(recipient: T) =>
  arrayOf(recipient, { min: RECIPIENTS_MIN, max: RECIPIENTS_MAX });

export const signingRequestsOf = <T extends z.ZodType>(entry: T) =>
  arrayOf(entry, { min: SIGNING_REQUESTS_MIN, max: SIGNING_REQUESTS_MAX }).openapi({
    description: 'One entry per session.',
  });

/** `signingType`: the description says how `sequential` orders signers, which differs by send. */
export const signingTypeField = (description: string) =>
  SigningTypeSchema.default('parallel').openapi({ description });

export const authRequirementField = () =>
  AuthRequirementSchema.default('otp').openapi({
    description:
      '`otp` verifies each signer by one-time code; `public` removes verification: anyone with the link ' +
      "can sign in the recipient's name and there is no identity assurance.",
  });

export const expiresInDaysField = (description: string) =>
  integerInRange(EXPIRES_IN_DAYS_MIN, EXPIRES_IN_DAYS_MAX)
    .default(EXPIRES_IN_DAYS_DEFAULT)
    .openapi({ description });

/** `locale`: the description says where the language comes from without one, which differs by send. */
export const localeField = (description: string) => localeChoice().optional().openapi({ description });

/** `notify`: whether the service emails; the sends differ in its default and so in how they explain it. */
export const notifyField = (byDefault: boolean, description: string) =>
  booleanValue().default(byDefault).openapi({ description });
