import { z } from '@hono/zod-openapi';
import { integerInRange } from './common.ts';
import { isoTime } from './read-fields.ts';

// Records lifecycle (extension; docs/evidence.md "Retention and purging"): retention, legal hold, purge and
// the tombstone a purged session leaves.

/** Longest retention accepted: 100 years is "keep" for any record a signature service holds. */
export const RETENTION_DAYS_MAX = 36_500;

/** `retentionDays` of a send body and of the account settings: whole days, 1 to RETENTION_DAYS_MAX. */
export const retentionDays = () => integerInRange(1, RETENTION_DAYS_MAX);

export const sendRetentionDaysField = () =>
  retentionDays()
    .optional()
    .openapi({
      description:
        'Countersign extension (not in the contract): days after each session ends (completed, cancelled, ' +
        "declined, expired or failed) before it is purged. Without it: the account's `retentionDays` (default: " +
        'kept). A legal hold stops it.',
    });

export const PurgedDocumentSchema = z
  .object({
    documentId: z.string(),
    sourceSha256: z.string().openapi({ description: 'SHA-256 (hex) of the PDF as sent.' }),
    preparedSha256: z.string().openapi({ description: 'SHA-256 of the document the signers were shown.' }),
    finalSha256: z
      .string()
      .nullable()
      .openapi({ description: 'SHA-256 of the sealed, signed PDF; null when the session never completed.' }),
  })
  .openapi('PurgedDocument');

export const SessionPurgeSchema = z
  .object({
    state: z.enum(['pending', 'purged']).openapi({
      description:
        '`pending`: accepted, the purge job has not finished yet. `purged`: only this tombstone remains.',
    }),
    reason: z.enum(['requested', 'retention']).openapi({
      description:
        '`requested`: `DELETE /api/sessions/{sessionId}`. `retention`: its retention period passed.',
    }),
    requestedAt: isoTime,
    purgedAt: isoTime.nullable(),
    auditChainHead: z.string().nullable().openapi({
      description: 'The hash of the last audit event before the trail was deleted (the head of the chain).',
    }),
    auditEvents: z.int().nullable().openapi({ description: 'How many events the deleted trail held.' }),
    documents: z.array(PurgedDocumentSchema),
  })
  .openapi('SessionPurge', {
    description:
      'Extension: the tombstone of a purged session. Documents, field values, drafts, the audit trail and every ' +
      'name and email are gone; the hashes still let anyone holding a copy of a PDF prove it is the one signed.',
  });
export type SessionPurge = z.output<typeof SessionPurgeSchema>;

export const LegalHoldSchema = z
  .object({
    sessionId: z.string(),
    legalHold: z.boolean(),
    legalHoldSince: isoTime.nullable(),
  })
  .openapi('LegalHold', { description: 'Extension: whether the session is under legal hold (no purge).' });
export type LegalHold = z.output<typeof LegalHoldSchema>;
