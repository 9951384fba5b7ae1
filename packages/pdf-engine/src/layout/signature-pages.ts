/**
 * The appended signature pages: portrait US Letter (default) or A4, a title, then one block per
 * signer in two columns, five rows per page: ten signers per page. More signers continue on
 * further appended pages (blocks never shrink), so any signer count stays legible.
 */
import type { Rect } from '../geometry/types.ts';
import type { SignaturePageSize } from './types.ts';

export const SIGNATURE_PAGE_SIZES: Record<SignaturePageSize, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 595.28, height: 841.89 },
};

const MARGIN = 54;
/** Space under the top margin for the page title. */
const TITLE_HEIGHT = 40;
const COLUMNS = 2;
const COLUMN_GAP = 14;
const ROWS = 5;
const BLOCK_HEIGHT = 116;
const PAD = 8;

export interface SignatureBlock {
  signer: number;
  /** 1-based page number in the prepared document. */
  page: number;
  /** The block's frame. */
  frame: Rect;
  signature: Rect;
  name: Rect;
  date: Rect;
}

export interface SignaturePagePlan {
  size: { width: number; height: number };
  /** Number of appended pages. */
  pageCount: number;
  /** Where the page title goes: its baseline's left point, in display coordinates. */
  title: { x: number; y: number };
  blocks: SignatureBlock[];
}

export function planSignaturePages(
  signerCount: number,
  documentPages: number,
  sizeName: SignaturePageSize,
): SignaturePagePlan {
  const size = SIGNATURE_PAGE_SIZES[sizeName];
  const perPage = COLUMNS * ROWS;
  const columnWidth = (size.width - 2 * MARGIN - (COLUMNS - 1) * COLUMN_GAP) / COLUMNS;
  const rowPitch = (size.height - 2 * MARGIN - TITLE_HEIGHT) / ROWS;
  const blocks: SignatureBlock[] = [];
  for (let signer = 0; signer < signerCount; signer++) {
    const onPage = signer % perPage;
    const page = documentPages + 1 + Math.floor(signer / perPage);
    const x = MARGIN + (onPage % COLUMNS) * (columnWidth + COLUMN_GAP);
    const y = MARGIN + TITLE_HEIGHT + Math.floor(onPage / COLUMNS) * rowPitch;
    const inner = columnWidth - 2 * PAD;
    const dateWidth = Math.round(inner * 0.36);
    blocks.push({
      signer,
      page,
      frame: { x, y, width: columnWidth, height: BLOCK_HEIGHT },
      // Room above the signature for the block's heading, below each field for its caption.
      signature: { x: x + PAD, y: y + 22, width: inner, height: 44 },
      name: { x: x + PAD, y: y + 82, width: inner - dateWidth - PAD, height: 18 },
      date: { x: x + columnWidth - PAD - dateWidth, y: y + 82, width: dateWidth, height: 18 },
    });
  }
  return { size, pageCount: Math.ceil(signerCount / perPage), title: { x: MARGIN, y: MARGIN + 18 }, blocks };
}
