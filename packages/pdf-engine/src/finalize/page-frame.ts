import { PDFName, PDFNumber, type PDFPage } from 'pdf-lib';
import { normalizeRotation, type PageFrame } from '../geometry/convert.ts';
import type { PdfBox } from '../geometry/types.ts';

const LETTER: PdfBox = [0, 0, 612, 792];

function normalized(box: { x: number; y: number; width: number; height: number }): PdfBox | null {
  const result: PdfBox = [
    Math.min(box.x, box.x + box.width),
    Math.min(box.y, box.y + box.height),
    Math.max(box.x, box.x + box.width),
    Math.max(box.y, box.y + box.height),
  ];
  return result.every(Number.isFinite) && result[2] > result[0] && result[3] > result[1] ? result : null;
}

function read(get: () => { x: number; y: number; width: number; height: number }): PdfBox | null {
  try {
    return normalized(get());
  } catch {
    return null;
  }
}

/**
 * The frame of a page as pdf.js (and so inspection and layout) sees it: the crop box clipped to
 * the media box (the media box when they do not overlap), inherited /Rotate, /UserUnit.
 */
export function pageFrameOf(page: PDFPage): PageFrame {
  const media = read(() => page.getMediaBox()) ?? LETTER;
  const crop = read(() => page.getCropBox()) ?? media;
  const clipped: PdfBox = [
    Math.max(crop[0], media[0]),
    Math.max(crop[1], media[1]),
    Math.min(crop[2], media[2]),
    Math.min(crop[3], media[3]),
  ];
  const cropBox = clipped[2] > clipped[0] && clipped[3] > clipped[1] ? clipped : media;
  let rotation = 0;
  try {
    rotation = page.getRotation().angle;
  } catch {}
  const userUnit = page.node.lookupMaybe(PDFName.of('UserUnit'), PDFNumber)?.asNumber() ?? 1;
  return {
    cropBox,
    rotation: normalizeRotation(rotation),
    userUnit: userUnit > 0 && Number.isFinite(userUnit) ? userUnit : 1,
  };
}
