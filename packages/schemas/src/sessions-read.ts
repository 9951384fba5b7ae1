import { z } from '@hono/zod-openapi';
import { AuthRequirementSchema, SigningTypeSchema } from './common.ts';
import { isoTime, pageOf, pageQueryFields } from './read-fields.ts';
import { SessionPurgeSchema } from './retention.ts';

// GET /api/sessions, GET /api/sessions/{sessionId}: "complete session record: not shown" by the spec, so
// this is our record, shaped like the send responses (ids, names) plus the lifecycle the spec names.

export const sessionStatusValues = [
  'active',
  'completed',
  'cancelled',
  'expired',
  'declined',
  'failed',
] as const;
export const SessionStatusSchema = z.enum(sessionStatusValues).openapi('SessionStatus', {
  description:
    '`active`: links live, not every signer has signed. `completed`: every signer signed; the signed PDF is ' +
    'available. `cancelled`: cancelled through the API. `expired`: `expiresInDays` passed first. `declined`: a signer declined. `failed` ' +
    '(extension): every signer signed but the signed PDFs could not be produced after the bounded attempts ' +
    '(see `completionFailure`); it can be cancelled, or retried by the operator.',
});

const isoTimeOrNull = isoTime.nullable();

export const SessionParticipantSchema = z
  .object({
    participantId: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.enum(['pending', 'notified', 'viewed', 'signed', 'declined']).openapi({
      description:
        '`pending`: not yet invited or not yet their turn; `notified`: invited; then `viewed`, `signed` or `declined`.',
    }),
    signingOrder: z.int().openapi({
      description:
        '1-based rank in the signing order (an own-PDF send with `order` 10 and 20 shows 1 and 2); equal for ' +
        'everyone in parallel signing.',
    }),
    roleLabel: z
      .string()
      .nullable()
      .openapi({ description: 'Template role this participant fills (template sends).' }),
    inviteStatus: z.enum(['sent', 'failed', 'skipped']).openapi({
      description:
        'Their invite email: `sent` (queued or delivered), `failed` (refused by the mail server, or delivery gave ' +
        'up), `skipped` (`notify` false, or a later `sequential` signer whose turn has not come).',
    }),
    viewedAt: isoTimeOrNull,
    signedAt: isoTimeOrNull,
    declinedAt: isoTimeOrNull,
  })
  .openapi('SessionParticipant');

export const SessionDocumentSchema = z
  .object({
    documentId: z.string(),
    filename: z.string(),
    cloudFileId: z.string().nullable(),
    pageCount: z.int(),
    signed: z
      .boolean()
      .openapi({ description: 'True once the sealed, signed PDF replaces the prepared one.' }),
    downloadUrl: z.string().openapi({
      description:
        'GET it with the bearer token: the prepared PDF while signing, the sealed PDF once completed.',
    }),
  })
  .openapi('SessionDocument');

export const SessionSummarySchema = z
  .object({
    sessionId: z.string(),
    title: z.string(),
    status: SessionStatusSchema,
    source: z.enum(['template', 'own_pdf']),
    templateId: z.string().nullable(),
    bulkSendBatchId: z.string().nullable(),
    createdAt: isoTime,
    expiresAt: isoTime,
    completedAt: isoTimeOrNull,
    test: z.boolean().openapi({
      description:
        'Extension: sent with a test token: not legally binding, free, emails only to the account (docs/test-mode.md).',
    }),
  })
  .openapi('SessionSummary');

export const SessionDetailSchema = SessionSummarySchema.extend({
  signingType: SigningTypeSchema,
  authRequirement: AuthRequirementSchema,
  notify: z.boolean(),
  cancelledAt: isoTimeOrNull,
  cancelReason: z.string().nullable(),
  declinedAt: isoTimeOrNull,
  declineReason: z.string().nullable(),
  expiredAt: isoTimeOrNull,
  completionFailure: z
    .object({
      attempts: z.int().openapi({ description: 'Failed attempts to produce the signed PDFs so far.' }),
      reason: z.string().openapi({ description: "The last attempt's error." }),
      failedAt: isoTimeOrNull.openapi({
        description: 'When completion gave up (status `failed`); null while retrying.',
      }),
      nextAttemptAt: isoTimeOrNull.openapi({
        description: 'When the next automatic attempt is due; null once failed.',
      }),
    })
    .nullable()
    .openapi({
      description:
        'Extension: why completion is failing; null unless an attempt failed since every signer signed (or since the last retry).',
    }),
  documents: z.array(SessionDocumentSchema),
  participants: z.array(SessionParticipantSchema),
  retentionDays: z
    .int()
    .nullable()
    .openapi({
      description:
        "Extension: days after the session ended before it is purged (the send's `retentionDays`, else the " +
        "account's); null: kept.",
    }),
  purgeAt: isoTimeOrNull.openapi({
    description: 'Extension: when retention will purge it; null while active, kept, on legal hold or purged.',
  }),
  legalHold: z.boolean().openapi({ description: 'Extension: under legal hold, nothing purges it.' }),
  purge: SessionPurgeSchema.nullable().openapi({
    description: 'Extension: null unless a purge was asked for; then its state and the tombstone.',
  }),
  events: z
    .array(
      z.object({
        type: z.string().openapi({ example: 'participant.signed' }),
        at: z.string().openapi({ format: 'date-time' }),
        participantId: z.string().nullable(),
      }),
    )
    .openapi({
      description: 'Extension: the audit trail, oldest first (created, invites, views, signatures...).',
    }),
}).openapi('SessionDetail');

export const SessionListQuerySchema = z.strictObject({
  status: SessionStatusSchema.optional(),
  bulkSendBatchId: z.string().min(1).max(200).optional(),
  templateId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Sessions sent from this template.' }),
  q: z.string().min(1).max(254).optional().openapi({
    description: "A recipient's email (exact, when it contains `@`) or a part of the title.",
  }),
  recipient: z
    .string()
    .min(1)
    .max(254)
    .optional()
    .openapi({
      description:
        "Extension: sessions sent to someone. Each word matches the start of a word of a recipient's name, " +
        'case and accents ignored (`jose mul` finds José Müller); text with `@` matches the start of a ' +
        "recipient's email instead. Index-backed: as fast on a large account as on a small one.",
      example: 'ada love',
    }),
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({ description: 'Created at or after this time.' }),
  to: z.iso.datetime({ offset: true }).optional().openapi({ description: 'Created at or before this time.' }),
  test: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'Extension: only test sessions (`true`) or only real ones (`false`).' }),
  ...pageQueryFields(),
});

/** A session as the list shows it: its summary and, as an extension, who it went to and how far each got. */
export const SessionListItemSchema = SessionSummarySchema.extend({
  recipients: z
    .array(SessionParticipantSchema.pick({ participantId: true, name: true, email: true, status: true }))
    .openapi({
      description:
        'Extension: the participants in signing order, each with their status (the detail has the rest), so a ' +
        'list shows who it went to and its progress without a call per session.',
    }),
}).openapi('SessionListItem');

export const SessionListSchema = pageOf('sessions', SessionListItemSchema, 'SessionList', {
  description: 'Newest first.',
});

export type SessionDetail = z.output<typeof SessionDetailSchema>;
export type SessionSummary = z.output<typeof SessionSummarySchema>;
export type SessionListItem = z.output<typeof SessionListItemSchema>;
export type SessionList = z.output<typeof SessionListSchema>;
export type SessionListQuery = z.output<typeof SessionListQuerySchema>;

export const AuditEventSchema = z
  .object({
    seq: z.int().openapi({ description: "1-based position in the session's trail." }),
    id: z.string(),
    sessionId: z.string(),
    type: z.string().openapi({ example: 'participant.signed' }),
    at: isoTime,
    participantId: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    data: z.unknown().openapi({ description: 'Event details (JSON), or null.' }),
    prevHash: z
      .string()
      .nullable()
      .openapi({ description: "The previous event's `hash`; null for the first." }),
    hash: z.string().openapi({
      description:
        'SHA-256 (hex) of the canonical JSON of this event without `hash` plus `"v": 1` (docs/evidence.md).',
    }),
  })
  .openapi('AuditEvent');

export const AuditTrailSchema = z
  .object({
    sessionId: z.string(),
    chainHead: z.string().nullable().openapi({ description: "The last event's hash." }),
    events: z.array(AuditEventSchema),
  })
  .openapi('AuditTrail', { description: "Extension: the session's hash-chained audit trail, oldest first." });
export type AuditTrail = z.output<typeof AuditTrailSchema>;
