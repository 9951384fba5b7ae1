import type { z } from '@hono/zod-openapi';
import {
  arrayOf,
  booleanValue,
  integerInRange,
  nonEmptyString,
  nullableString,
  oneOf,
  readableText,
  strictObject,
  textString,
} from './common.ts';
import {
  CLOUD_FILE_ID_MAX_LENGTH,
  CLOUD_FILE_IDS_MAX,
  CLOUD_FILE_IDS_MIN,
  ORDER_MAX,
  ORDER_MIN,
  TEXT_MAX_LENGTH,
} from './limits.ts';
import * as send from './send-fields.ts';

// 4.3 POST /api/sessions/send

export const SessionsSendRecipientSchema = strictObject({
  ...send.signerFields,
  order: integerInRange(ORDER_MIN, ORDER_MAX)
    .optional()
    .openapi({
      description:
        'Signing order for `sequential` signing; omitted for `parallel`. Any distinct integers greater than 0, ' +
        'gaps allowed (10, 20, 30): recipients sign in ascending `order`, stored as their rank 1..n. Give every ' +
        'recipient of an entry an `order` or none (recipient order); equal orders fail the entry ' +
        '(`invalid_signing_order`).',
    }),
}).openapi('SessionsSendRecipient', { description: 'A signer of the session.' });
export type SessionsSendRecipient = z.output<typeof SessionsSendRecipientSchema>;

export const SessionsSendSigningRequestSchema = strictObject({
  recipients: send.recipientsOf(SessionsSendRecipientSchema),
}).openapi('SessionsSendSigningRequest', { description: 'One session to create from the documents.' });
export type SessionsSendSigningRequest = z.output<typeof SessionsSendSigningRequestSchema>;

export const SessionsSendRequestSchema = strictObject({
  cloudFileIds: arrayOf(nonEmptyString(CLOUD_FILE_ID_MAX_LENGTH), {
    min: CLOUD_FILE_IDS_MIN,
    max: CLOUD_FILE_IDS_MAX,
  }).openapi({
    description: 'PDFs in the connected cloud drive, by file id as returned by the drive provider.',
  }),
  title: readableText(nonEmptyString(TEXT_MAX_LENGTH))
    .optional()
    .openapi({
      description:
        "Session title, used verbatim for every session. Defaults to the first file's name: the service " +
        'applies that default, since it needs the drive, so the property stays optional here.',
    }),
  signingRequests: send.signingRequestsOf(SessionsSendSigningRequestSchema),
  signingType: send.signingTypeField(
    '`parallel`: all recipients sign at once. `sequential`: recipients sign by ascending `order`.',
  ),
  authRequirement: send.authRequirementField(),
  expiresInDays: send.expiresInDaysField('Days until the sessions expire; greater than 0.'),
  locale: send.localeField(
    'Countersign extension (not in the contract): the language of the signing page and of every email of ' +
      "these sessions. Without it: the account's `defaultLocale`, else the signer's browser (page) or English.",
  ),
  retentionDays: send.retentionDaysField(),
  notify: send.notifyField(
    false,
    'false: no emails, the caller delivers links and updates. true: invites and lifecycle emails ' +
      '(next-signer invites, signed, completed) are sent from the integration account. One-time code ' +
      'emails are always sent.',
  ),
}).openapi('SessionsSendRequest', {
  description:
    'Creates sessions from PDFs in the connected cloud drive. Documents are prepared once for all entries; ' +
    'each entry creates its own session. Signature fields are placed automatically.',
  example: {
    cloudFileIds: ['1Zx8kQ4rT7yWm2NvB5cD9eFgHjK3LpQ0s'],
    title: 'Employment contract - Jonas Berg',
    signingRequests: [
      {
        recipients: [
          { name: 'Jonas Berg', email: 'jonas.berg@example.com', order: 1 },
          { name: 'Mira Patel (HR)', email: 'mira.patel@northwind.example', order: 2 },
        ],
      },
    ],
    signingType: 'sequential',
    authRequirement: 'otp',
    expiresInDays: 30,
    notify: false,
  },
});
/** The request after parsing: every default applied (not `title`: the service defaults it). */
export type SessionsSendRequest = z.output<typeof SessionsSendRequestSchema>;
/** The request as a caller may send it: defaulted properties are optional. */
export type SessionsSendRequestInput = z.input<typeof SessionsSendRequestSchema>;

// --- Responses 200 and 207 (one body shape), also the `rows` of the 422 body ---

export const SessionsSendDocumentSchema = strictObject({
  documentId: textString(),
  cloudFileId: nullableString().openapi({
    description: 'Source drive file id the document was created from.',
  }),
  filename: textString(),
  sourceFileSafeToDelete: booleanValue().openapi({ description: 'True only when the whole call succeeded.' }),
}).openapi('SessionsSendDocument', { description: 'A document of the created session.' });
export type SessionsSendDocument = z.output<typeof SessionsSendDocumentSchema>;

export const SessionsSendParticipantSchema = strictObject({
  ...send.participantFields,
  signingUrl: nullableString().openapi({
    description: 'Signing link, for the caller to deliver when no emails are sent.',
  }),
  displayName: send.participantNameField(),
}).openapi('SessionsSendParticipant', { description: 'A signer of the created session.' });
export type SessionsSendParticipant = z.output<typeof SessionsSendParticipantSchema>;

export const SessionsSendRowSchema = strictObject({
  row: integerInRange(0).openapi({ description: 'Index into `signingRequests`.' }),
  status: oneOf(['sent', 'failed']),
  sessionId: textString().optional(),
  documents: arrayOf(SessionsSendDocumentSchema).optional(),
  participants: arrayOf(SessionsSendParticipantSchema).optional(),
  error: textString().optional().openapi({ description: 'Machine-readable reason, failed rows only.' }),
  message: textString().optional().openapi({ description: 'Human-readable detail, failed rows only.' }),
}).openapi('SessionsSendRow', { description: 'Result of one `signingRequests` entry.' });
export type SessionsSendRow = z.output<typeof SessionsSendRowSchema>;

export const SessionsSendResponseSchema = strictObject({
  rows: arrayOf(SessionsSendRowSchema),
}).openapi('SessionsSendResponse', {
  description:
    'Per-row results: 200 when every entry succeeded, 207 when some failed. Call again with only the ' +
    'failed entries and keep the source files until every entry has succeeded.',
  example: {
    rows: [
      {
        row: 0,
        status: 'sent',
        sessionId: '9d2b7e40-1c3a-4f6e-8b51-2a7c9e0d4f63',
        documents: [
          {
            documentId: 'doc_c41f07',
            cloudFileId: '1Zx8kQ4rT7yWm2NvB5cD9eFgHjK3LpQ0s',
            filename: 'employment-contract.pdf',
            sourceFileSafeToDelete: true,
          },
        ],
        participants: [
          {
            participantId: 'prt_7e20',
            email: 'jonas.berg@example.com',
            signingUrl: 'https://sign.example.com/s/Jm3kX0cQv9rT2yBn8pLw4hZs6dFa1gEu5iOq7tRc0xY',
            displayName: 'Jonas Berg',
          },
        ],
      },
    ],
  },
});
export type SessionsSendResponse = z.output<typeof SessionsSendResponseSchema>;
