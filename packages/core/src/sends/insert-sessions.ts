import { auditEvents, documents, fieldValues, participants, sessions } from '@countersign/db';
import type { ServiceContext } from '../context.ts';
import type { AuditType } from '../sessions/audit.ts';
import { newLinkToken } from '../sessions/links.ts';
import { newId } from '../support/crypto.ts';
import { DataKey } from '../support/data-key.ts';

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
}

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

/** Rows per INSERT statement: well under SQLite's variable limit, large enough to amortise parsing. */
const CHUNK = 200;

function insertChunked<T>(rows: T[], insert: (chunk: T[]) => void): void {
  for (let i = 0; i < rows.length; i += CHUNK) insert(rows.slice(i, i + CHUNK));
}

/**
 * Inserts sessions with their documents, participants, prefill values and `session.created` audit events in
 * a few multi-row statements. Call it inside a
 * transaction. Documents point at shared blobs: the marginal cost of a session is a few rows, whatever
 * the page count.
 */
export function insertSessions(ctx: ServiceContext, batch: NewSession[]): CreatedSession[] {
  const now = ctx.clock.now();
  const sessionRows: (typeof sessions.$inferInsert)[] = [];
  const documentRows: (typeof documents.$inferInsert)[] = [];
  const participantRows: (typeof participants.$inferInsert)[] = [];
  const valueRows: (typeof fieldValues.$inferInsert)[] = [];
  const auditRows: (typeof auditEvents.$inferInsert)[] = [];
  const created: CreatedSession[] = [];
  const dataKey = new DataKey(ctx.config.dataDir);

  for (const s of batch) {
    const sessionId = newId();
    sessionRows.push({
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
    });
    const docs = s.documents.map((d, position) => {
      const documentId = newId();
      documentRows.push({
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
    const firstTurn = Math.min(...s.participants.map((p) => p.signingOrder));
    const people = s.participants.map((p, position) => {
      const yourTurn = s.signingType === 'parallel' || p.signingOrder === firstTurn;
      const participantId = newId();
      const link = newLinkToken();
      participantRows.push({
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
        linkTokenSealed: dataKey.seal(link.token),
        inviteStatus: s.notify ? 'sent' : 'skipped',
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
    for (const v of s.prefill ?? []) {
      valueRows.push({ sessionId, fieldId: v.fieldId, value: v.value, participantId: null, updatedAt: now });
    }
    auditRows.push({
      id: newId(),
      sessionId,
      type: 'session.created' satisfies AuditType,
      at: now,
      data: { jobId: s.sendJobId, row: s.rowIndex },
    });
    created.push({ sessionId, rowIndex: s.rowIndex, documents: docs, participants: people });
  }

  insertChunked(sessionRows, (chunk) => ctx.db.insert(sessions).values(chunk).run());
  insertChunked(documentRows, (chunk) => ctx.db.insert(documents).values(chunk).run());
  insertChunked(participantRows, (chunk) => ctx.db.insert(participants).values(chunk).run());
  insertChunked(valueRows, (chunk) => ctx.db.insert(fieldValues).values(chunk).run());
  insertChunked(auditRows, (chunk) => ctx.db.insert(auditEvents).values(chunk).run());
  return created;
}
