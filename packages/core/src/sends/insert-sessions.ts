import {
  auditEvents,
  documents,
  fieldValues,
  participants,
  RowBatch,
  sessions,
  sessionTerms,
  termsOfNames,
} from '@countersign/db';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { AUDIT_COLUMNS, type AuditType, chainedRow } from '../sessions/audit.ts';
import { documentsOfSessions } from '../sessions/documents.ts';
import { newLinkToken } from '../sessions/links.ts';
import { participantsOfSessions } from '../sessions/participants.ts';
import { newId } from '../support/crypto.ts';
import { invitedAtSend } from './invites.ts';

export interface NewSession {
  accountId: string;
  source: 'template' | 'own_pdf';
  templateId?: string | null;
  bulkBatchId?: string | null;
  sendJobId: string;
  rowIndex: number;
  title: string;
  signingType: 'parallel' | 'sequential';
  authRequirement: 'public' | 'otp';
  notify: boolean;
  options: Record<string, unknown>;
  expiresAt: number;
  documents: {
    filename: string;
    cloudFileId: string | null;
    sourceSha256: string;
    preparedSha256: string;
    preparedDocumentId?: string | null;
    templateDocumentId?: string | null;
    pageCount: number;
  }[];
  participants: {
    name: string;
    email: string;
    signingOrder: number;
    roleLabel?: string | null;
    roleId?: string | null;
  }[];
  /** Sender prefill: template field id -> value. */
  prefill?: { fieldId: string; value: string }[];
  /** Sent with a test token (docs/test-mode.md). */
  test?: boolean;
  /** SendMode's `sentBy`. */
  sentByMemberId?: string | null;
  /** The send's `retentionDays` (docs/evidence.md); absent: the account's. */
  retentionDays?: number | undefined;
}

/** How a send was made: with a test token, its sessions are test sessions and cost nothing. */
export interface SendMode {
  test: boolean;
  /** The member who sent from the web app (told of each session's outcome); null or absent: a token did. */
  sentBy?: string | null;
}

/** The allowance price of an entry: test sends are free. */
export const priceFor = (mode: SendMode, price: number): number => (mode.test ? 0 : price);

export interface CreatedSession {
  sessionId: string;
  rowIndex: number;
  documents: { documentId: string; filename: string; cloudFileId: string | null }[];
  participants: {
    participantId: string;
    position: number;
    signingOrder: number;
    name: string;
    email: string;
    linkToken: string;
  }[];
}

/**
 * The columns a send writes, one compiled single-row statement per table: in a bulk send the rows are what
 * costs, and building a multi-row drizzle insert costs more than SQLite spends writing it.
 */
const SESSION_COLUMNS = [
  'id',
  'accountId',
  'source',
  'templateId',
  'bulkBatchId',
  'sendJobId',
  'rowIndex',
  'title',
  'status',
  'signingType',
  'authRequirement',
  'notify',
  'options',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'test',
  'retentionDays',
  'sentByMemberId',
] as const;
const DOCUMENT_COLUMNS = [
  'id',
  'sessionId',
  'position',
  'filename',
  'cloudFileId',
  'sourceSha256',
  'preparedSha256',
  'preparedDocumentId',
  'templateDocumentId',
  'pageCount',
] as const;
const PARTICIPANT_COLUMNS = [
  'id',
  'sessionId',
  'position',
  'signingOrder',
  'name',
  'email',
  'roleLabel',
  'roleId',
  'status',
  'notifiedAt',
  'linkTokenHash',
  'linkTokenEncrypted',
  'inviteStatus',
] as const;
const VALUE_COLUMNS = ['sessionId', 'fieldId', 'value', 'participantId', 'updatedAt'] as const;
const TERM_COLUMNS = ['sessionId', 'term', 'accountId'] as const;

/**
 * Inserts sessions with their documents, participants, prefill values and `session.created` audit events.
 * Call it inside a transaction. Documents point at shared blobs: the marginal cost of a session is a few
 * rows, whatever the page count.
 */
export async function insertSessions(ctx: ServiceContext, batch: NewSession[]): Promise<CreatedSession[]> {
  const now = ctx.clock.now();
  // Every row of the batch goes to the database in one write, in the order added (parents first).
  const rows = new RowBatch(ctx.db);
  const insertSession = (row: typeof sessions.$inferInsert) => rows.add(sessions, SESSION_COLUMNS, row);
  const insertDocument = (row: typeof documents.$inferInsert) => rows.add(documents, DOCUMENT_COLUMNS, row);
  const insertParticipant = (row: typeof participants.$inferInsert) =>
    rows.add(participants, PARTICIPANT_COLUMNS, row);
  const insertValue = (row: typeof fieldValues.$inferInsert) => rows.add(fieldValues, VALUE_COLUMNS, row);
  const insertAudit = (row: typeof auditEvents.$inferInsert) => rows.add(auditEvents, AUDIT_COLUMNS, row);
  const insertTerm = (row: typeof sessionTerms.$inferInsert) => rows.add(sessionTerms, TERM_COLUMNS, row);
  const created: CreatedSession[] = [];
  const dataKey = ctx.secrets.dataKey;

  for (const s of batch) {
    const sessionId = newId();
    insertSession({
      id: sessionId,
      accountId: s.accountId,
      source: s.source,
      templateId: s.templateId ?? null,
      bulkBatchId: s.bulkBatchId ?? null,
      sendJobId: s.sendJobId,
      rowIndex: s.rowIndex,
      title: s.title,
      status: 'active',
      signingType: s.signingType,
      authRequirement: s.authRequirement,
      notify: s.notify,
      options: s.options,
      expiresAt: s.expiresAt,
      createdAt: now,
      updatedAt: now,
      test: s.test ?? false,
      retentionDays: s.retentionDays ?? null,
      sentByMemberId: s.sentByMemberId ?? null,
    });
    const docs = s.documents.map((d, position) => {
      const documentId = newId();
      insertDocument({
        id: documentId,
        sessionId,
        position,
        filename: d.filename,
        cloudFileId: d.cloudFileId,
        sourceSha256: d.sourceSha256,
        preparedSha256: d.preparedSha256,
        preparedDocumentId: d.preparedDocumentId ?? null,
        templateDocumentId: d.templateDocumentId ?? null,
        pageCount: d.pageCount,
      });
      return { documentId, filename: d.filename, cloudFileId: d.cloudFileId };
    });
    // Whoever may sign now counts as notified: by email (notify) or by the caller delivering the link.
    const invited = invitedAtSend(s.signingType, s.participants);
    const people = s.participants.map((p, position) => {
      const yourTurn = invited(p);
      const participantId = newId();
      const link = newLinkToken();
      insertParticipant({
        id: participantId,
        sessionId,
        position,
        signingOrder: p.signingOrder,
        name: p.name,
        email: p.email,
        roleLabel: p.roleLabel ?? null,
        roleId: p.roleId ?? null,
        status: yourTurn ? 'notified' : 'pending',
        notifiedAt: yourTurn ? now : null,
        linkTokenHash: link.tokenHash,
        linkTokenEncrypted: dataKey.encrypt(link.token),
        // Queued now, settled by the delivery (outbox/email.ts); a later sequential signer is invited on their turn.
        inviteStatus: s.notify && yourTurn ? 'sent' : 'skipped',
      });
      return {
        participantId,
        position,
        signingOrder: p.signingOrder,
        name: p.name,
        email: p.email,
        linkToken: link.token,
      };
    });
    // The recipient search's index (docs/api-extensions.md "Finding sessions").
    for (const term of termsOfNames(s.participants.map((p) => p.name))) {
      insertTerm({ sessionId, term, accountId: s.accountId });
    }
    for (const v of s.prefill ?? []) {
      insertValue({ sessionId, fieldId: v.fieldId, value: v.value, participantId: null, updatedAt: now });
    }
    insertAudit(
      chainedRow(
        {
          id: newId(),
          sessionId,
          participantId: null,
          type: 'session.created' satisfies AuditType,
          at: now,
          ip: null,
          userAgent: null,
          data: { jobId: s.sendJobId, row: s.rowIndex },
        },
        { seq: 0, hash: null },
      ),
    );
    created.push({ sessionId, rowIndex: s.rowIndex, documents: docs, participants: people });
  }
  await rows.write();
  return created;
}

/**
 * The sessions an earlier attempt of this send job committed (a worker stopped between two commits), with
 * what the answer needs: their documents and the participants' links, opened again from their sealed copies.
 */
export async function committedSessions(
  ctx: ServiceContext,
  jobId: string,
): Promise<{ sessions: Map<number, CreatedSession>; bulkBatchId: string | null }> {
  const rows = await ctx.db
    .select({ id: sessions.id, rowIndex: sessions.rowIndex, bulkBatchId: sessions.bulkBatchId })
    .from(sessions)
    .where(eq(sessions.sendJobId, jobId));
  const found = new Map<number, CreatedSession>();
  if (rows.length === 0) return { sessions: found, bulkBatchId: null };
  // A subquery, not a list of ids: a 10,000-entry send would pass SQLite's limit on bound values.
  const ids = ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.sendJobId, jobId));
  const byId = new Map<string, CreatedSession>();
  for (const r of rows) {
    const s: CreatedSession = { sessionId: r.id, rowIndex: r.rowIndex, documents: [], participants: [] };
    found.set(r.rowIndex, s);
    byId.set(r.id, s);
  }
  for (const d of await documentsOfSessions(ctx, ids)) {
    byId
      .get(d.sessionId)!
      .documents.push({ documentId: d.id, filename: d.filename, cloudFileId: d.cloudFileId });
  }
  const dataKey = ctx.secrets.dataKey;
  for (const p of await participantsOfSessions(ctx, ids)) {
    byId.get(p.sessionId)!.participants.push({
      participantId: p.id,
      position: p.position,
      signingOrder: p.signingOrder,
      name: p.name,
      email: p.email,
      linkToken: dataKey.decrypt(p.linkTokenEncrypted),
    });
  }
  return { sessions: found, bulkBatchId: rows[0]!.bulkBatchId };
}
