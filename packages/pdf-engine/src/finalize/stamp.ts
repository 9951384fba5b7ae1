import type { PDFDocument } from 'pdf-lib';
import { PdfEngineError } from '../errors.ts';
import { displayToUserMatrix } from '../geometry/convert.ts';
import { multiply } from '../geometry/matrix.ts';
import type { Matrix } from '../geometry/types.ts';
import { fitLine } from './fit.ts';
import { type FontBook, singleLine, type TextStyle } from './fonts.ts';
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
  fonts: FontBook,
  images: ImageBook,
): Promise<void> {
  const byPage = new Map<number, FinalizeField[]>();
  for (const field of fields) {
    const list = byPage.get(field.page) ?? [];
    list.push(field);
    byPage.set(field.page, list);
  }
  const pages = doc.getPages();
  for (const [number, onPage] of byPage) {
    const page = pages[number - 1]!;
    const toUser = displayToUserMatrix(pageFrameOf(page));
    const writer = new PageWriter(page);
    for (const field of onPage) await stampField(writer, toUser, field, fonts, images);
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
  fonts: FontBook,
  images: ImageBook,
): Promise<void> {
  const { width: w, height: h } = field;
  if (field.type === 'signature' || field.type === 'initials') {
    const adopted = adoptedSignature(field);
    if (!adopted) return;
    const align = field.type === 'initials' ? 'center' : 'left';
    if (adopted.kind === 'drawn') {
      const image = await images.png(adopted.value);
      const pad = Math.min(w, h) * 0.06;
      const scale = Math.min((w - 2 * pad) / image.width, (h - 2 * pad) / image.height);
      const [iw, ih] = [image.width * scale, image.height * scale];
      const x = align === 'center' ? (w - iw) / 2 : pad;
      inField(writer, toUser, field, () => writer.image(image, x, (h - ih) / 2, iw, ih));
      return;
    }
    await drawLine(writer, toUser, field, fonts, 'script', adopted.value, SIGNATURE_INK, align, {
      maxSize: Number.POSITIVE_INFINITY,
      minSize: 4,
      fill: 0.85,
    });
    return;
  }
  const value = field.value ?? '';
  if (field.type === 'checkbox') {
    if (value === 'true') inField(writer, toUser, field, () => checkMark(writer, w, h));
    return;
  }
  await drawLine(writer, toUser, field, fonts, 'regular', value, INK, 'left', {
    maxSize: 12,
    minSize: 6,
    fill: 0.8,
  });
}

function adoptedSignature(field: FinalizeField): AdoptedSignature | null {
  if (field.signature?.value) return field.signature;
  if (!field.value) return null;
  return { kind: field.value.startsWith('data:image/') ? 'drawn' : 'typed', value: field.value };
}

async function drawLine(
  writer: PageWriter,
  toUser: Matrix,
  field: FinalizeField,
  fonts: FontBook,
  style: TextStyle,
  raw: string,
  color: Rgb,
  align: 'left' | 'center',
  fit: Parameters<typeof fitLine>[4],
): Promise<void> {
  const value = singleLine(raw);
  if (!value) return;
  const { font, text } = await fonts.pick(style, value);
  const { width: w, height: h } = field;
  const pad = Math.min(4, w * 0.05);
  const line = fitLine(font, text, w - 2 * pad, h, fit);
  const baseline = (h - font.height * line.size) / 2 + font.descent * line.size;
  const x = align === 'center' ? (w - font.width(line.text, line.size)) / 2 : pad;
  inField(writer, toUser, field, () => writer.text(font, line.size, x, baseline, line.text, color));
}

/** A check mark inside the largest centred square of the field. */
function checkMark(writer: PageWriter, w: number, h: number): void {
  const side = Math.min(w, h) * 0.8;
  const [x0, y0] = [(w - side) / 2, (h - side) / 2];
  const at = (u: number, v: number) => [x0 + u * side, y0 + v * side] as const;
  writer.polyline([at(0.15, 0.52), at(0.4, 0.22), at(0.86, 0.8)], side * 0.12, INK);
}
