import { PdfEngineError } from '../errors.ts';
import type { PageGeometry } from '../geometry/types.ts';
import { placeInitials } from './initials.ts';
import { planSignaturePages } from './signature-pages.ts';
import { type FieldPlacement, type LayoutOptions, MAX_SIGNERS } from './types.ts';

export function assertSignerCount(signerCount: number): void {
  if (!Number.isInteger(signerCount) || signerCount < 1 || signerCount > MAX_SIGNERS) {
    throw new PdfEngineError(
      'invalid-argument',
      `signerCount must be an integer from 1 to ${MAX_SIGNERS}, got ${String(signerCount)}`,
    );
  }
}

/**
 * Where every signer fills what: initials on every page of the document, then a signature
 * block (signature, name, date) per signer on the appended signature page(s), which follow
 * the document's last page. Pure: the same pages and signer count give the same fields.
 */
export function layout(
  pages: PageGeometry[],
  signerCount: number,
  options: LayoutOptions = {},
): FieldPlacement[] {
  assertSignerCount(signerCount);
  const fields: FieldPlacement[] = [];
  for (const [index, page] of pages.entries()) {
    const boxes = placeInitials(page, signerCount);
    boxes.forEach((box, signer) => {
      fields.push({ signer, kind: 'initials', page: index + 1, ...box });
    });
  }
  const plan = planSignaturePages(signerCount, pages.length, options.signaturePageSize ?? 'letter');
  for (const block of plan.blocks) {
    for (const kind of ['signature', 'name', 'date'] as const) {
      fields.push({ signer: block.signer, kind, page: block.page, ...block[kind] });
    }
  }
  return fields;
}
