import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, ownedBy, ownedRow, preparedPdf, timestamp } from './columns.ts';
import { templates } from './templates.ts';

/** `failed`: every signer signed but the signed PDFs could not be produced after the bounded attempts. */
export const sessionStatuses = ['active', 'completed', 'cancelled', 'expired', 'declined', 'failed'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** Groups the sessions of one template send with two or more entries. */
export const bulkBatches = sqliteTable('bulk_batches', {
  ...ownedRow('accountId', 'account_id', () => accounts.id),
  templateId: text('template_id').references(() => templates.id, { onDelete: 'set null' }),
  entryCount: integer('entry_count').notNull(),
  createdAt: createdAt(),
});

/** One signing request: one per `signingRequests` entry of a send. */
export const sessions = sqliteTable(
  'sessions',
  {
    ...ownedRow('accountId', 'account_id', () => accounts.id),
    source: text('source', { enum: ['template', 'own_pdf'] }).notNull(),
    templateId: text('template_id').references(() => templates.id, { onDelete: 'set null' }),
    bulkBatchId: text('bulk_batch_id').references(() => bulkBatches.id, { onDelete: 'set null' }),
    /** The send job that created it and the entry index: a retried job finds what it already made. */
    sendJobId: text('send_job_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: sessionStatuses }).notNull(),
    signingType: text('signing_type', { enum: ['parallel', 'sequential'] }).notNull(),
    authRequirement: text('auth_requirement', { enum: ['public', 'otp'] }).notNull(),
    notify: integer('notify', { mode: 'boolean' }).notNull(),
    /** Invite and reminder options of the send (senderName, subject, message, cc, replyToEmail, reminders...). */
    options: text('options', { mode: 'json' }).notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
    completedAt: timestamp('completed_at'),
    cancelledAt: timestamp('cancelled_at'),
    cancelReason: text('cancel_reason'),
    declinedAt: timestamp('declined_at'),
    declineReason: text('decline_reason'),
    expiredAt: timestamp('expired_at'),
    /** Reminder offsets (days before expiry) already sent, so a sweep never sends one twice. */
    remindersSent: text('reminders_sent', { mode: 'json' }).notNull().default([]),
    /**
     * Completion (core sessions/complete.ts): the run holding the lease and until when no other run starts
     * (after a failure: when the next attempt is due), the completion time the first run decided (in every
     * final PDF, then completedAt), failed attempts so far and the last one's error.
     */
    completionClaim: text('completion_claim'),
    completionClaimedUntil: timestamp('completion_claimed_until'),
    completionTime: timestamp('completion_time'),
    completionFailures: integer('completion_failures').notNull().default(0),
    completionError: text('completion_error'),
    /** When completion gave up (status `failed`); completion_error holds the last attempt's reason. */
    failedAt: timestamp('failed_at'),
    /**
     * The member who sent it from the web app (their cookie), told when it completes or is declined; null when
     * a token sent it. No foreign key: a removed member's id finds nobody, and is told nothing.
     */
    sentByMemberId: text('sent_by_member_id'),
    /** Sent with a test token: marked as a test everywhere, free, emails only to the account (test-mode.md). */
    test: integer('test', { mode: 'boolean' }).notNull().default(false),
    /**
     * Records lifecycle (docs/evidence.md "Retention and purging"): days after the session ended before it is
     * purged (this send's choice; null: the account's setting), the legal hold that stops any purge, when a
     * purge was asked for and why, and when it finished. A purged session keeps only its tombstone: ids,
     * status, times, the documents' hashes and the audit chain's head and length.
     */
    retentionDays: integer('retention_days'),
    legalHoldAt: timestamp('legal_hold_at'),
    purgeRequestedAt: timestamp('purge_requested_at'),
    purgeReason: text('purge_reason', { enum: ['requested', 'retention'] }),
    purgedAt: timestamp('purged_at'),
    purgedChainHead: text('purged_chain_head'),
    purgedEventCount: integer('purged_event_count'),
  },
  (t) => [
    // The sweeper's unfinished purges (a crash between the request and its end).
    index('sessions_purge_pending').on(t.purgeRequestedAt, t.purgedAt),
    // The sessions list, newest first: `id` breaks ties (a bulk send creates thousands of sessions in the same
    // millisecond), so a page is an index range walked in order, never a sort of every tied row.
    index('sessions_account_created_id').on(t.accountId, t.createdAt, t.id),
    // The sessions list's filters walk these newest first without sorting (web app, GET /api/sessions).
    index('sessions_account_status_created').on(t.accountId, t.status, t.createdAt),
    index('sessions_account_template_created').on(t.accountId, t.templateId, t.createdAt),
    index('sessions_batch').on(t.bulkBatchId),
    index('sessions_active_expiry').on(t.status, t.expiresAt),
    uniqueIndex('sessions_send_row').on(t.sendJobId, t.rowIndex),
  ],
);

/** A document of a session: points at shared blobs, never a copy per session. */
export const documents = sqliteTable(
  'documents',
  {
    ...ownedRow('sessionId', 'session_id', () => sessions.id),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    cloudFileId: text('cloud_file_id'),
    ...preparedPdf(),
    /** The prepared layout (own-PDF) or the template document the fields come from. */
    preparedDocumentId: text('prepared_document_id'),
    templateDocumentId: text('template_document_id'),
    /** Set once at completion: the stamped, sealed PDF. */
    finalSha256: text('final_sha256'),
  },
  (t) => [index('documents_session').on(t.sessionId, t.position)],
);

export const participantStatuses = ['pending', 'notified', 'viewed', 'signed', 'declined'] as const;

export const participants = sqliteTable(
  'participants',
  {
    ...ownedRow('sessionId', 'session_id', () => sessions.id),
    /** Recipient position in the entry (0-based): the signer index of generated fields. */
    position: integer('position').notNull(),
    /** 1-based signing order (sequential); equal for everyone when parallel. */
    signingOrder: integer('signing_order').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Template role label this participant fills (template sends). */
    roleLabel: text('role_label'),
    roleId: text('role_id'),
    status: text('status', { enum: participantStatuses }).notNull(),
    /** SHA-256 of the signing-link token; the token itself is only ever in the link. */
    linkTokenHash: text('link_token_hash').notNull(),
    /** The token encrypted with the data key, so later emails (next signer, reminders) can carry the same link. */
    linkTokenEncrypted: text('link_token_encrypted').notNull(),
    linkRevokedAt: timestamp('link_revoked_at'),
    inviteStatus: text('invite_status', { enum: ['sent', 'failed', 'skipped'] }).notNull(),
    inviteError: text('invite_error'),
    notifiedAt: timestamp('notified_at'),
    viewedAt: timestamp('viewed_at'),
    verifiedAt: timestamp('verified_at'),
    signedAt: timestamp('signed_at'),
    declinedAt: timestamp('declined_at'),
    /** The adopted signature and initials: {kind: 'typed' | 'drawn', value}. */
    signature: text('signature', { mode: 'json' }),
    initials: text('initials', { mode: 'json' }),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    /** One-time-code lockout that survives requesting a new code. */
    otpFailures: integer('otp_failures').notNull().default(0),
    otpLockedUntil: timestamp('otp_locked_until'),
    /** Lockouts so far: each one lasts twice as long as the one before (a held link cannot guess on forever). */
    otpLockouts: integer('otp_lockouts').notNull().default(0),
  },
  (t) => [
    index('participants_session').on(t.sessionId, t.position),
    // The sessions list's recipient filter (emails compare case-insensitively).
    index('participants_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('participants_link').on(t.linkTokenHash),
  ],
);

/**
 * The words of a session's recipients' names, folded (search-terms.ts), one row per distinct word: the sessions
 * list's recipient search is a prefix range of (account, term), never a scan of the account's sessions. A
 * purge deletes them with the names. SQLite keeps it WITHOUT ROWID (the migration says so): the key is the row.
 */
export const sessionTerms = sqliteTable(
  'session_terms',
  {
    sessionId: ownedBy('session_id', () => sessions.id),
    term: text('term').notNull(),
    accountId: text('account_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.term] }),
    index('session_terms_account_term').on(t.accountId, t.term, t.sessionId),
  ],
);

/** Values entered for a session's fields (prefill by the sender, entries by signers). */
export const fieldValues = sqliteTable(
  'field_values',
  {
    sessionId: ownedBy('session_id', () => sessions.id),
    /** Template field id, or the generated field's key in the prepared layout. */
    fieldId: text('field_id').notNull(),
    value: text('value').notNull(),
    /** Null for sender prefill. */
    participantId: text('participant_id'),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [uniqueIndex('field_values_pk').on(t.sessionId, t.fieldId)],
);

export const auditEvents = sqliteTable(
  'audit_events',
  {
    ...ownedRow('sessionId', 'session_id', () => sessions.id),
    participantId: text('participant_id'),
    type: text('type').notNull(),
    at: timestamp('at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: text('data', { mode: 'json' }),
    /**
     * The hash chain (@countersign/verify audit-chain.ts): 1-based position in the session's trail, the
     * previous event's hash and this event's. Null on events written before the chain existed, until the
     * session's next event chains them.
     */
    seq: integer('seq'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_session').on(t.sessionId, t.at),
    uniqueIndex('audit_session_seq').on(t.sessionId, t.seq),
  ],
);

/** Stored results of send jobs: a retried or replayed job returns the same answer. */
export const sendResults = sqliteTable('send_results', {
  jobId: text('job_id').primaryKey(),
  accountId: ownedBy('account_id', () => accounts.id),
  /** The outcome, encrypted with the data key (it holds signing links). */
  result: text('result').notNull(),
  createdAt: createdAt(),
});
