import type { PDFDocument } from 'pdf-lib';
import { PdfEngineError } from '../errors.ts';
import { displayToUserMatrix } from '../geometry/convert.ts';
import { multiply } from '../geometry/matrix.ts';
import type { Matrix } from '../geometry/types.ts';
import {
  type FieldTextKind,
  type FieldTextLayout,
  fieldPadding,
  layoutFieldText,
} from '../text/field-text.ts';
import { LEADING } from '../text/fit.ts';
import type { PdfFonts } from '../text/pdf-fonts.ts';
import { type PreparedText, shapeRange } from '../text/shape.ts';
import type { ImageBook } from './images.ts';
import { pageFrameOf } from './page-frame.ts';
import { PageWriter, type Rgb } from './page-writer.ts';
import type { AdoptedSignature, FinalizeField } from './types.ts';

const INK: Rgb = [0.05, 0.05, 0.1];
const SIGNATURE_INK: Rgb = [0.06, 0.16, 0.45];

/** Stamps every field with a value onto its page. Fields are in display coordinates. */
export async function stampFields(
  doc: PDFDocument,
  fields: readonly FinalizeField[],
  fonts: PdfFonts,
  images: ImageBook,
): Promise<void> {
  const byPage = new Map<number, FinalizeField[]>();
  for (const field of fields) {
    const list = byPage.get(field.page) ?? [];
    list.push(field);
    byPage.set(field.page, list);
  }
  const pages = doc.getPages();
  // The same initials on every page are laid out once (per document: nothing outlives it).
  const layouts = new Map<string, FieldTextLayout>();
  for (const [number, onPage] of byPage) {
    const page = pages[number - 1]!;
    const toUser = displayToUserMatrix(pageFrameOf(page));
    const writer = new PageWriter(page, fonts);
    for (const field of onPage) await stampField(writer, toUser, field, images, layouts);
    writer.flush();
  }
}

/** Rejects fields that cannot be placed: unknown pages, non-finite or empty rectangles. */
export function checkFields(fields: readonly FinalizeField[], pageCount: number): void {
  for (const [i, field] of fields.entries()) {
    if (!Number.isInteger(field.page) || field.page < 1 || field.page > pageCount) {
      throw new PdfEngineError(
        'invalid-argument',
        `field ${i} is on page ${field.page}; the document has ${pageCount}`,
      );
    }
    const numbers = [field.x, field.y, field.width, field.height];
    if (!numbers.every(Number.isFinite) || field.width <= 0 || field.height <= 0) {
      throw new PdfEngineError('invalid-argument', `field ${i} has no usable rectangle`);
    }
  }
}

/**
 * Field space: origin at the bottom-left corner of the field as displayed, x right, y up, in
 * points. Mapped to user space through the page's display frame, so rotation, crop box and
 * /UserUnit are handled once, by the geometry converters.
 */
function inField(writer: PageWriter, toUser: Matrix, field: FinalizeField, draw: () => void): void {
  writer.within(multiply([1, 0, 0, -1, field.x, field.y + field.height], toUser), () => {
    writer.clip(field.width, field.height);
    draw();
  });
}

async function stampField(
  writer: PageWriter,
  toUser: Matrix,
  field: FinalizeField,
  images: ImageBook,
  layouts: Map<string, FieldTextLayout>,
): Promise<void> {
  const { width: w, height: h } = field;
  if (field.type === 'signature' || field.type === 'initials') {
    const adopted = adoptedSignature(field);
    if (!adopted) return;
    const align = field.type === 'initials' ? 'center' : 'start';
    if (adopted.kind === 'drawn') {
      const image = await images.png(adopted.value);
      const pad = Math.min(w, h) * 0.06;
      const scale = Math.min((w - 2 * pad) / image.width, (h - 2 * pad) / image.height);
      const [iw, ih] = [image.width * scale, image.height * scale];
      const x = align === 'center' ? (w - iw) / 2 : pad;
      inField(writer, toUser, field, () => writer.image(image, x, (h - ih) / 2, iw, ih));
      return;
    }
    drawText(writer, toUser, field, layouts, field.type, adopted.value, SIGNATURE_INK, align);
    return;
  }
  const value = field.value ?? '';
  if (field.type === 'checkbox') {
    if (value === 'true') inField(writer, toUser, field, () => checkMark(writer, w, h));
    return;
  }
  drawText(writer, toUser, field, layouts, 'text', value, INK, 'start');
}

function adoptedSignature(field: FinalizeField): AdoptedSignature | null {
  if (field.signature?.value) return field.signature;
  if (!field.value) return null;
  return { kind: field.value.startsWith('data:image/') ? 'drawn' : 'typed', value: field.value };
}

/**
 * A value set as the sign call checked it (text/field-text.ts). Completion never fails on
 * text: a value that passed no check (stamped by the service, or signed before the check
 * existed) and does not fit is set on one line, as small as it takes.
 */
function drawText(
  writer: PageWriter,
  toUser: Matrix,
  field: FinalizeField,
  layouts: Map<string, FieldTextLayout>,
  kind: FieldTextKind,
  raw: string,
  color: Rgb,
  align: 'start' | 'center',
): void {
  const { width: w, height: h } = field;
  const key = `${kind}\u0000${w}\u0000${h}\u0000${raw}`;
  let layout = layouts.get(key);
  if (!layout) {
    layout = layoutFieldText(kind, raw, w, h);
    layouts.set(key, layout);
  }
  const { prepared, fitted } = layout;
  if (!prepared.text) return;
  const { lines, size } = fitted ?? fallback(prepared, w, h);
  const pad = fieldPadding(w);
  const block = ((lines.length - 1) * LEADING + lines[0]!.ascent + lines[0]!.descent) * size;
  const top = (h + block) / 2;
  inField(writer, toUser, field, () => {
    for (const [i, line] of lines.entries()) {
      const baseline = top - line.ascent * size - i * LEADING * size;
      const width = line.width * size;
      const x = align === 'center' ? (w - width) / 2 : prepared.rtl ? w - pad - width : pad;
      writer.text(line, size, x, baseline, color);
    }
  });
}

function fallback(prepared: PreparedText, w: number, h: number) {
  const line = shapeRange(prepared, 0, prepared.text.length);
  const size = Math.max(
    1,
    Math.min(h / (line.ascent + line.descent), (w - 2 * fieldPadding(w)) / line.width),
  );
  return { lines: [line], size };
}

/** A check mark inside the largest centred square of the field. */
function checkMark(writer: PageWriter, w: number, h: number): void {
  const side = Math.min(w, h) * 0.8;
  const [x0, y0] = [(w - side) / 2, (h - side) / 2];
  const at = (u: number, v: number) => [x0 + u * side, y0 + v * side] as const;
  writer.polyline([at(0.15, 0.52), at(0.4, 0.22), at(0.86, 0.8)], side * 0.12, INK);
}
