import type { ServiceContext } from '../context.ts';
import { renderRows } from '../pages/read.ts';
import { documentsOfSession } from '../sessions/documents.ts';
import type { ParticipantRow } from '../sessions/participants.ts';
import { participantsOfSession } from '../sessions/participants.ts';
import type { SessionRow } from '../sessions/session-lookup.ts';
import { canSignNow } from './view.ts';

/** What the signing page's HTML shows before its script runs: page 1 of the first document, as drawn. */
export interface FirstPage {
  documentId: string;
  filename: string;
  documentCount: number;
  widths: number[];
  /** Page 1's size in points as displayed. */
  page: { width: number; height: number };
}

/**
 * Page 1 of a public link's first document when its pages are drawn and the signer may sign now (the state
 * whose status card the HTML can write as the script will: nothing moves when it takes over). Reads only: the
 * view is recorded when the script reads the signer API, as before. A code-protected link gets nothing, its
 * images needing the signer cookie.
 */
export async function firstPageOf(
  ctx: ServiceContext,
  session: SessionRow,
  participant: ParticipantRow,
): Promise<FirstPage | null> {
  if (!ctx.config.pageImages || session.authRequirement !== 'public') return null;
  const people = await participantsOfSession(ctx, session.id);
  if (!canSignNow(session, participant, people)) return null;
  const docs = await documentsOfSession(ctx, session.id);
  const first = docs[0];
  if (!first) return null;
  const [row] = await renderRows(ctx, [first.preparedSha256]);
  const page = row?.status === 'ready' ? row.pages?.[0] : undefined;
  if (!row || !page) return null;
  return {
    documentId: first.id,
    filename: first.filename,
    documentCount: docs.length,
    widths: row.widths,
    page,
  };
}
