import { PdfEngineError } from '@countersign/pdf-engine';
import type { FailedDocument, SessionsSendRequest, SessionsSendRow } from '@countersign/schemas';
import { PRICES, requireAllowance } from '../../allowance/allowance.ts';
import type { ServiceContext } from '../../context.ts';
import { requestPageDrawing } from '../../pages/request.ts';
import { signingUrl } from '../../sessions/links.ts';
import { DAY_MS } from '../../support/clock.ts';
import { commitEntries } from '../commit-entries.ts';
import { duplicateEmail, type RowProblem, requireEntryCount, signingOrders } from '../entry-rules.ts';
import { type CreatedSession, priceFor, type SendMode } from '../insert-sessions.ts';
import { deliverInvites, discardSessions } from '../invites.ts';
import { type PreparedDocument, preparedDocumentFor } from '../prepared-documents.ts';
import {
  loadSendOutcome,
  type SessionsSendOutcome,
  saveSendOutcome,
  withAllowanceHeaders,
} from '../send-results.ts';
import { fetchAndInspect } from './fetch-documents.ts';

/**
 * POST /api/sessions/send (spec 4.3) as a job: download and judge every document, prepare each distinct
 * document once per signer count, then create one session per entry, committed in chunks like a template send
 * (commit-entries.ts). Entries fail independently (207); rejected documents fail the whole call before anything
 * is created (422).
 */
export async function sendOwnPdfs(
  ctx: ServiceContext,
  accountId: string,
  request: SessionsSendRequest,
  jobId: string,
  mode: SendMode = { test: false },
): Promise<SessionsSendOutcome> {
  const previous = await loadSendOutcome<SessionsSendOutcome>(ctx, jobId, accountId);
  if (previous) return previous;

  const entries = request.signingRequests;
  requireEntryCount(ctx, entries.length);
  const entryPrice = priceFor(
    mode,
    PRICES.ownPdfSendEntry + PRICES.ownPdfSendDocument * request.cloudFileIds.length,
  );
  await requireAllowance(ctx, accountId, entryPrice);

  const fetched = await fetchAndInspect(ctx, accountId, request.cloudFileIds);
  if (!fetched.ok) return documentsRejected(fetched.failedDocuments);
  const docs = fetched.documents;
  for (const d of docs) await ctx.blobs.put(d.bytes, d.sha256);

  // Row rules first, so documents are prepared only for signer counts that some valid entry needs.
  const problems = new Map<number, RowProblem>();
  const orders = new Map<number, number[]>();
  for (const [row, entry] of entries.entries()) {
    const duplicate = duplicateEmail(entry.recipients);
    const result = duplicate ?? signingOrders(entry.recipients, request.signingType);
    if ('error' in result) problems.set(row, result);
    else orders.set(row, result.orders);
  }

  const prepared = new Map<string, PreparedDocument>();
  const signerCounts = new Set([...orders.keys()].map((row) => entries[row]!.recipients.length));
  for (const count of signerCounts) {
    for (const d of docs) {
      const key = `${d.sha256}:${count}`;
      if (prepared.has(key)) continue;
      try {
        prepared.set(key, await preparedDocumentFor(ctx, d, count));
      } catch (err) {
        // Readable, but more than the largest PDF worker may hold (docs/topologies.md, "Memory").
        if (!(err instanceof PdfEngineError && err.code === 'not-accepted' && err.reason)) throw err;
        const { cloudFileId, filename } = d;
        return documentsRejected([{ cloudFileId, filename, reason: err.reason, message: err.message }]);
      }
    }
  }

  const title = request.title ?? docs[0]!.filename;
  const expiresAt = ctx.clock.now() + request.expiresInDays * DAY_MS;
  const created = await commitEntries(ctx, {
    accountId,
    jobId,
    entryPrice,
    rows: [...orders.keys()],
    build: (row) => {
      const recipients = entries[row]!.recipients;
      const rowOrders = orders.get(row)!;
      return {
        accountId,
        source: 'own_pdf',
        sendJobId: jobId,
        rowIndex: row,
        title,
        signingType: request.signingType,
        authRequirement: request.authRequirement,
        notify: request.notify,
        options: request.locale ? { locale: request.locale } : {},
        expiresAt,
        documents: docs.map((d) => {
          const p = prepared.get(`${d.sha256}:${recipients.length}`)!;
          return {
            filename: d.filename,
            cloudFileId: d.cloudFileId,
            sourceSha256: d.sha256,
            preparedSha256: p.preparedSha256,
            preparedDocumentId: p.id,
            pageCount: p.pageCount,
          };
        }),
        participants: recipients.map((r, i) => ({
          name: r.name,
          email: r.email,
          signingOrder: rowOrders[i]!,
        })),
        test: mode.test,
        sentByMemberId: mode.sentBy ?? null,
        retentionDays: request.retentionDays,
      };
    },
    problems,
    notify: request.notify,
    bulkBatch: null,
    answer: async (made) =>
      await withAllowanceHeaders(ctx, accountId, toOutcome(ctx, entries.length, made.sessions, problems)),
  });

  // Invites go out now so that a mail server refusing one fails its row, and no session is kept for it.
  // A mail server that is merely unreachable does not fail the row: the outbox keeps retrying.
  const refused = new Map<string, string>();
  if (created.invites.length > 0) {
    const outcomes = await deliverInvites(ctx, created.invites);
    for (const invite of created.invites) {
      const outcome = outcomes.get(invite.participantId)!;
      if (outcome.state === 'failed' && !refused.has(invite.sessionId))
        refused.set(invite.sessionId, outcome.error);
    }
    await discardSessions(
      ctx,
      [...refused.keys()],
      created.invites,
      'session discarded: an invite was refused',
    );
  }
  for (const [sessionId, error] of refused) {
    const s = created.sessions.find((x) => x.sessionId === sessionId)!;
    problems.set(s.rowIndex, {
      error: 'invite_rejected',
      message: `the mail server refused an invite: ${error}`,
    });
  }

  // The signing page's images: asked for now, drawn by their own job once this send has answered.
  if (created.sessions.length > refused.size) {
    const shas = [...prepared.values()].map((p) => p.preparedSha256);
    // The row and its job together: never a pending drawing without the job that draws it.
    if (await ctx.db.transaction(() => requestPageDrawing(ctx, shas))) ctx.outbox.kick();
  }

  if (refused.size === 0) return created.answer;
  const live = created.sessions.filter((s) => !refused.has(s.sessionId));
  const outcome = await withAllowanceHeaders(ctx, accountId, toOutcome(ctx, entries.length, live, problems));
  await saveSendOutcome(ctx, jobId, accountId, outcome);
  return outcome;
}

function toOutcome(
  ctx: ServiceContext,
  entryCount: number,
  sessions: CreatedSession[],
  problems: Map<number, RowProblem>,
): SessionsSendOutcome {
  const allSucceeded = problems.size === 0;
  const bySession = new Map(sessions.map((s) => [s.rowIndex, s]));
  const rows: SessionsSendRow[] = [];
  for (let row = 0; row < entryCount; row++) {
    const s = bySession.get(row);
    if (!s) {
      const p = problems.get(row)!;
      rows.push({ row, status: 'failed', error: p.error, message: p.message });
      continue;
    }
    rows.push({
      row,
      status: 'sent',
      sessionId: s.sessionId,
      documents: s.documents.map((d) => ({
        documentId: d.documentId,
        cloudFileId: d.cloudFileId,
        filename: d.filename,
        sourceFileSafeToDelete: allSucceeded,
      })),
      participants: s.participants.map((p) => ({
        participantId: p.participantId,
        email: p.email,
        signingUrl: signingUrl(ctx, p.linkToken),
        displayName: p.name,
      })),
    });
  }
  if (sessions.length === 0) {
    return {
      status: 422,
      body: { error: 'all_rows_failed', message: `every entry failed (${entryCount}); see rows`, rows },
    };
  }
  return { status: allSucceeded ? 200 : 207, body: { rows } };
}

/** 422: documents that cannot be sent, named with why; nothing was created. */
function documentsRejected(failedDocuments: FailedDocument[]): SessionsSendOutcome {
  const names = failedDocuments.map((d) => `${d.filename} (${d.reason})`).join(', ');
  return {
    status: 422,
    body: {
      error: 'documents_rejected',
      message: `no session was created: ${failedDocuments.length} document(s) rejected: ${names}`,
      failedDocuments,
    },
  };
}
