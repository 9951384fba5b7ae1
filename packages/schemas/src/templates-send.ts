import type { z } from '@hono/zod-openapi';
import {
  arrayOf,
  booleanValue,
  emailString,
  integerInRange,
  nonEmptyString,
  nullableString,
  oneOf,
  readableText,
  strictObject,
  textString,
} from './common.ts';
import {
  CC_MAX,
  FIELD_VALUE_MAX_LENGTH,
  FIELDS_MAX,
  MESSAGE_MAX_LENGTH,
  REMINDER_DAY_MAX,
  REMINDER_DAY_MIN,
  REMINDER_DAYS_MAX_ITEMS,
  TEMPLATE_ID_MAX_LENGTH,
  TEXT_MAX_LENGTH,
} from './limits.ts';
import * as send from './send-fields.ts';

// 4.2 POST /api/templates/send

export const TemplateRecipientSchema = strictObject({
  label: readableText(nonEmptyString(TEXT_MAX_LENGTH)).openapi({
    description: "Placeholder role label of the template, matched case-insensitively (e.g. 'Tenant').",
  }),
  ...send.signerFields,
}).openapi('TemplateRecipient', { description: 'Fills one placeholder role of the template.' });
export type TemplateRecipient = z.output<typeof TemplateRecipientSchema>;

/** `document` and `recipient` of a prefill: an optional name that narrows which fields its label matches. */
const restriction = (description: string) =>
  nonEmptyString(TEXT_MAX_LENGTH).optional().openapi({ description });

export const TemplateFieldSchema = strictObject({
  label: nonEmptyString(TEXT_MAX_LENGTH).openapi({
    description:
      'Fillable field label, matched exactly (case-sensitive). A repeated label fills the first matching ' +
      'field; the second is addressed as `<label> 2`, the third as `<label> 3`, and so on.',
  }),
  value: textString(FIELD_VALUE_MAX_LENGTH).openapi({
    description:
      'Prefill value. Checkbox fields take the strings `true` or `false`; knowing which fields are ' +
      'checkboxes needs the template, so the service checks that rule, not this schema.',
  }),
  document: restriction('Restricts matching to the document with this filename.'),
  recipient: restriction('Restricts matching to fields assigned to this placeholder role.'),
}).openapi('TemplateField', { description: 'A prefill value for a fillable field of the template.' });
export type TemplateField = z.output<typeof TemplateFieldSchema>;

export const TemplateSigningRequestSchema = strictObject({
  recipients: send.recipientsOf(TemplateRecipientSchema).openapi({
    description:
      'One recipient per placeholder role of the template: an entry lacking a role rejects the whole call ' +
      '(400 `unmapped_placeholders`, nothing created).',
  }),
  fields: arrayOf(TemplateFieldSchema, { max: FIELDS_MAX })
    .optional()
    .openapi({ description: 'Prefill values.' }),
}).openapi('TemplateSigningRequest', { description: 'One session to create from the template.' });
export type TemplateSigningRequest = z.output<typeof TemplateSigningRequestSchema>;

/** `message` and `messageTemplate` of the invite: optional text that may span lines. */
const inviteText = (description: string) =>
  readableText(textString(MESSAGE_MAX_LENGTH), { multiLine: true }).optional().openapi({ description });

const templateSendExample = {
  templateId: 'tpl_8f3a2c71',
  signingRequests: [
    {
      recipients: [
        { label: 'Tenant', name: 'Ana Souza', email: 'ana.souza@example.com' },
        { label: 'Landlord', name: 'Harbour Lettings Ltd', email: 'contracts@harbour-lettings.example' },
      ],
      fields: [
        { label: 'Monthly rent', value: '1450.00' },
        { label: 'Start date', value: '2025-03-01', document: 'lease.pdf' },
        { label: 'Pets allowed', value: 'false', recipient: 'Tenant' },
      ],
    },
  ],
  signingType: 'sequential',
  authRequirement: 'otp',
  senderName: 'Harbour Lettings',
  subject: 'Your lease for 12 Quay Street is ready to sign',
  message: 'Hello, please review and sign your lease. Call us on 020 7946 0018 with any question.',
  replyToEmail: 'lettings@harbour-lettings.example',
  remindersEnabled: true,
  reminderDaysBeforeExpiry: [7, 2],
  expiresInDays: 14,
  notify: true,
};

export const TemplateSendRequestSchema = strictObject({
  templateId: nonEmptyString(TEMPLATE_ID_MAX_LENGTH).openapi({
    description: "Template id, visible in the template's address in the web app.",
  }),
  signingRequests: send.signingRequestsOf(TemplateSigningRequestSchema),
  signingType: send.signingTypeField(
    '`parallel`: all recipients sign at once. `sequential`: recipients sign in recipient order.',
  ),
  authRequirement: send.authRequirementField(),
  senderName: readableText(textString(TEXT_MAX_LENGTH))
    .optional()
    .openapi({ description: 'Overrides the sender name in invites.' }),
  subject: nullableString(TEXT_MAX_LENGTH, (text) => readableText(text))
    .optional()
    .openapi({ description: 'Overrides the invite email subject.' }),
  message: inviteText('Personal message in the invite email.'),
  messageTemplate: inviteText('Invite message template.'),
  cc: arrayOf(emailString(), { max: CC_MAX })
    .optional()
    .openapi({ description: 'Extra addresses copied on the invite email.' }),
  replyToEmail: emailString().optional().openapi({
    description: 'Reply-to address of the invite email (and of the later emails of the session).',
  }),
  sendInitialNotification: booleanValue().default(false).openapi({
    description: 'Sequential signing only: also tells later signers up front that their turn is coming.',
  }),
  remindersEnabled: booleanValue().default(false).openapi({ description: 'Reminder emails before expiry.' }),
  reminderDaysBeforeExpiry: arrayOf(integerInRange(REMINDER_DAY_MIN, REMINDER_DAY_MAX), {
    max: REMINDER_DAYS_MAX_ITEMS,
  })
    .optional()
    .openapi({ description: 'Days before expiry on which a reminder is sent; each at least 0.' }),
  expiresInDays: send.expiresInDaysField(
    'Days until the sessions expire; greater than 0. The spec does not show this default: Countersign ' +
      'uses 30, the same as the own-PDF send (4.3).',
  ),
  locale: send.localeField(
    'Countersign extension (not in the contract): the language of the signing page and of every email of ' +
      "these sessions. Without it: the template's `defaultLocale`, else the account's, else the signer's browser " +
      '(page) or English (emails).',
  ),
  retentionDays: send.retentionDaysField(),
  notify: send.notifyField(
    true,
    'true: invites and signing-lifecycle updates are emailed from the integration account. false: no ' +
      'emails, the caller delivers the signing links. One-time code emails are always sent.',
  ),
}).openapi('TemplateSendRequest', {
  description:
    'Sends a template to one or more recipient sets; one session is created per `signingRequests` entry.',
  example: templateSendExample,
});
/** The request after parsing: every default applied. */
export type TemplateSendRequest = z.output<typeof TemplateSendRequestSchema>;
/** The request as a caller may send it: defaulted properties are optional. */
export type TemplateSendRequestInput = z.input<typeof TemplateSendRequestSchema>;

// --- Response 200 ---

export const TemplateSendSessionSchema = strictObject({
  rowIndex: integerInRange(0).optional().openapi({ description: 'Index into `signingRequests`.' }),
  status: oneOf(['created', 'error']).openapi({ description: '`created` or `error`.' }),
  sessionId: textString().optional().openapi({ description: 'Id of the created session.' }),
  documentIds: arrayOf(textString()).openapi({
    description: 'Every document id on the session; empty when status is `error`.',
  }),
  error: textString().optional().openapi({ description: 'Failure detail when status is `error`.' }),
}).openapi('TemplateSendSession', { description: 'Result of one `signingRequests` entry.' });
export type TemplateSendSession = z.output<typeof TemplateSendSessionSchema>;

export const TemplateSendInstantiationSchema = strictObject({
  bulkSendBatchId: textString().optional().openapi({
    description: 'Groups the sessions of a send with several entries; absent for a single entry.',
  }),
  sessions: arrayOf(TemplateSendSessionSchema).openapi({
    description: 'One element per `signingRequests` entry.',
  }),
}).openapi('TemplateSendInstantiation', { description: 'The sessions created by the send.' });
export type TemplateSendInstantiation = z.output<typeof TemplateSendInstantiationSchema>;

export const TemplateSendParticipantSchema = strictObject({
  ...send.participantFields,
  name: send.participantNameField(),
  status: oneOf(['sent', 'failed', 'skipped']).openapi({
    description:
      'Invite email result. `sent`: this call emailed the invite. `failed`: an email of this call to the ' +
      'participant was refused or not delivered (the invite, or the `sendInitialNotification` heads-up). ' +
      '`skipped`: this call sent no invite: `notify` false (deliver `signingUrl` yourself), or a later signer of ' +
      'a `sequential` send, invited by email when their turn comes.',
  }),
  signingUrl: textString()
    .optional()
    .openapi({ description: 'Signing link for the caller to deliver when `notify` is false.' }),
}).openapi('TemplateSendParticipant', { description: 'A signer of the session.' });
export type TemplateSendParticipant = z.output<typeof TemplateSendParticipantSchema>;

export const TemplateSendInviteSchema = strictObject({
  sessionId: textString(),
  title: textString().optional().openapi({ description: 'Session title.' }),
  inviteStatus: oneOf(['sent', 'error', 'skipped']).openapi({
    description:
      'From the participants: `error` when one is `failed`, else `sent` when one is `sent`, else `skipped`.',
  }),
  inviteError: textString().optional(),
  participants: arrayOf(TemplateSendParticipantSchema),
}).openapi('TemplateSendInvite', { description: 'Invite result for one created session.' });
export type TemplateSendInvite = z.output<typeof TemplateSendInviteSchema>;

export const TemplateSendResponseSchema = strictObject({
  instantiation: TemplateSendInstantiationSchema,
  invites: arrayOf(TemplateSendInviteSchema),
}).openapi('TemplateSendResponse', {
  description:
    'Per-entry results. Entries that failed are reported inside the body (`status` `error`), not by status.',
  example: {
    instantiation: {
      sessions: [
        {
          rowIndex: 0,
          status: 'created',
          sessionId: '3f1c9a52-7d4e-4b8a-9e21-6c0f5d7b8a14',
          documentIds: ['doc_9b2e41', 'doc_9b2e42'],
        },
      ],
    },
    invites: [
      {
        sessionId: '3f1c9a52-7d4e-4b8a-9e21-6c0f5d7b8a14',
        title: 'Lease - 12 Quay Street',
        inviteStatus: 'sent',
        participants: [
          { participantId: 'prt_51a0', email: 'ana.souza@example.com', name: 'Ana Souza', status: 'sent' },
          {
            participantId: 'prt_51a1',
            email: 'contracts@harbour-lettings.example',
            name: 'Harbour Lettings Ltd',
            status: 'sent',
          },
        ],
      },
    ],
  },
});
export type TemplateSendResponse = z.output<typeof TemplateSendResponseSchema>;
