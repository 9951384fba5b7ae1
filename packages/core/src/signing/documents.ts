import type { ServiceContext } from '../context.ts';
import { drawnPageBlob, TEXT_WIDTH } from '../pages/read.ts';
import { documentOfSession } from '../sessions/documents.ts';
import { DomainError } from '../support/errors.ts';
import { openLink } from './link.ts';
import { requireVerified } from './verification.ts';

/**
 * GET /api/signing/{token}/documents/{documentId}: the prepared PDF while signing, the sealed one once the
 * session is completed (409 `document_not_ready` while the completion job is still producing it).
 */
export async function signingDocumentFile(
  ctx: ServiceContext,
  token: string,
  documentId: string,
  cookieToken: string | null | undefined,
): Promise<{ sha256: string; filename: string; signed: boolean }> {
  const link = await openLink(ctx, token);
  await requireVerified(ctx, link, cookieToken);
  const doc = await documentOfSession(ctx, link.session.id, documentId);
  if (!doc) throw new DomainError('not_found', `document ${documentId} is not part of this signing request`);
  const base = doc.filename.replace(/\.pdf$/i, '');
  if (link.session.status === 'completed') {
    if (doc.finalSha256 === null) {
      throw new DomainError(
        'document_not_ready',
        'the signed PDF is being prepared; try again in a moment',
        { retryAfterSeconds: 5 },
        {
          'Retry-After': '5',
        },
      );
    }
    return { sha256: doc.finalSha256, filename: `${base} (signed).pdf`, signed: true };
  }
  return { sha256: doc.preparedSha256, filename: `${base}.pdf`, signed: false };
}

/**
 * GET /api/signing/{token}/documents/{documentId}/pages/{page}[/text]: a page of the document signers see (the
 * prepared PDF) drawn ahead of time, at one of its widths, or its text (TEXT_WIDTH). 404 `page_not_found` for
 * a page, width or document not drawn (yet): the signing view says which are.
 */
export async function signingPageFile(
  ctx: ServiceContext,
  token: string,
  documentId: string,
  page: number,
  width: number,
  cookieToken: string | null | undefined,
): Promise<{ sha256: string; mime: string }> {
  const link = await openLink(ctx, token);
  await requireVerified(ctx, link, cookieToken);
  const doc = await documentOfSession(ctx, link.session.id, documentId);
  if (!doc) throw new DomainError('not_found', `document ${documentId} is not part of this signing request`);
  const found = await drawnPageBlob(ctx, doc.preparedSha256, page, width);
  if (!found) {
    throw new DomainError(
      'page_not_found',
      width === TEXT_WIDTH
        ? `page ${page} of this document has no text drawn`
        : `page ${page} of this document is not drawn ${width} pixels wide`,
    );
  }
  return found;
}
