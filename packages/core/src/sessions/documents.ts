import { documents, preparedDocuments, preparedQuery, templateDocuments } from '@countersign/db';
import type { ActiveContentKind } from '@countersign/pdf-engine';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { rowsBy, rowsOfSessions } from './rows-by.ts';

/**
 * The queries for a session's documents, in one place. A document is only ever reached through its session
 * (already scoped to the account by whoever found it): a document id alone opens nothing.
 */
export type DocumentRow = typeof documents.$inferSelect;

// Every signing page, state change and email lists them: built once per connection.
const bySession = rowsBy(documents, documents.sessionId, documents.position);
const oneOfSession = preparedQuery((db) =>
  db
    .select()
    .from(documents)
    .where(
      and(eq(documents.id, sql.placeholder('id')), eq(documents.sessionId, sql.placeholder('sessionId'))),
    )
    .limit(1)
    .prepare(),
);

/** The documents of a session in their order (position): emails, pages and webhooks all list them so. */
export const documentsOfSession = async (ctx: ServiceContext, sessionId: string): Promise<DocumentRow[]> =>
  await bySession(ctx.db).execute({ key: sessionId });

/** One document if it belongs to the session (another session's id finds nothing). */
export const documentOfSession = async (
  ctx: ServiceContext,
  sessionId: string,
  id: string,
): Promise<DocumentRow | undefined> => (await oneOfSession(ctx.db).execute({ id, sessionId }))[0];

/** The documents of several sessions (ids or a subquery), each session's in order. */
export const documentsOfSessions = async (
  ctx: ServiceContext,
  sessionIds: readonly string[] | SQLWrapper,
): Promise<DocumentRow[]> =>
  await rowsOfSessions(ctx.db, documents, documents.sessionId, sessionIds, documents.position);

/**
 * What preparation removed from a document's source, as kept with its prepared form (own-PDF) or template
 * document; null when that row predates the record (the caller inspects the source again).
 */
export async function activeContentRemovedFrom(
  ctx: ServiceContext,
  doc: DocumentRow,
): Promise<ActiveContentKind[] | null> {
  const [row] = doc.preparedDocumentId
    ? await ctx.db
        .select({ kinds: preparedDocuments.activeContentRemoved })
        .from(preparedDocuments)
        .where(eq(preparedDocuments.id, doc.preparedDocumentId))
    : doc.templateDocumentId
      ? await ctx.db
          .select({ kinds: templateDocuments.activeContentRemoved })
          .from(templateDocuments)
          .where(eq(templateDocuments.id, doc.templateDocumentId))
      : [];
  return (row?.kinds as ActiveContentKind[] | null | undefined) ?? null;
}
