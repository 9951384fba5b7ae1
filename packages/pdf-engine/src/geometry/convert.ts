import { applyToPoint, transformBounds } from './matrix.ts';
import type { Matrix, PageGeometry, PdfBox, Rect, Rotation } from './types.ts';

/** The page facts a conversion needs; a full PageGeometry fits. */
export type PageFrame = Pick<PageGeometry, 'rotation' | 'userUnit' | 'cropBox'>;

/**
 * Matrix from display coordinates (points, top-left origin, y down) to PDF user space.
 * Derived from how viewers show a page: the crop box, turned clockwise by /Rotate, scaled by /UserUnit.
 */
export function displayToUserMatrix(page: PageFrame): Matrix {
  const [x0, y0, x1, y1] = page.cropBox;
  const s = 1 / page.userUnit;
  switch (page.rotation) {
    case 0:
      return [s, 0, 0, -s, x0, y1];
    case 90:
      return [0, s, s, 0, x0, y0];
    case 180:
      return [-s, 0, 0, s, x1, y0];
    case 270:
      return [0, -s, -s, 0, x1, y1];
  }
}

/** Matrix from PDF user space to display coordinates (the inverse of displayToUserMatrix). */
export function userToDisplayMatrix(page: PageFrame): Matrix {
  const [x0, y0, x1, y1] = page.cropBox;
  const u = page.userUnit;
  switch (page.rotation) {
    case 0:
      return [u, 0, 0, -u, -u * x0, u * y1];
    case 90:
      return [0, u, u, 0, -u * y0, -u * x0];
    case 180:
      return [-u, 0, 0, u, u * x1, -u * y0];
    case 270:
      return [0, -u, -u, 0, u * y1, u * x1];
  }
}

export function displayToUserPoint(page: PageFrame, x: number, y: number): [number, number] {
  return applyToPoint(displayToUserMatrix(page), x, y);
}

export function userToDisplayPoint(page: PageFrame, x: number, y: number): [number, number] {
  return applyToPoint(userToDisplayMatrix(page), x, y);
}

/** A display rectangle as a user-space box (for drawing with pdf-lib, which works in user space). */
export function displayRectToUserBox(page: PageFrame, rect: Rect): PdfBox {
  return transformBounds(
    displayToUserMatrix(page),
    rect.x,
    rect.y,
    rect.x + rect.width,
    rect.y + rect.height,
  );
}

/** A user-space box as a display rectangle. */
export function userBoxToDisplayRect(page: PageFrame, box: PdfBox): Rect {
  const [x0, y0, x1, y1] = transformBounds(userToDisplayMatrix(page), box[0], box[1], box[2], box[3]);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Displayed size in points of a crop box under a rotation and user unit. */
export function displaySize(
  cropBox: PdfBox,
  rotation: Rotation,
  userUnit: number,
): { width: number; height: number } {
  const w = (cropBox[2] - cropBox[0]) * userUnit;
  const h = (cropBox[3] - cropBox[1]) * userUnit;
  return rotation === 90 || rotation === 270 ? { width: h, height: w } : { width: w, height: h };
}

/** /Rotate as viewers apply it: a multiple of 90, taken modulo 360 (anything else counts as 0). */
export function normalizeRotation(value: number): Rotation {
  if (!Number.isInteger(value) || value % 90 !== 0) return 0;
  return (((value % 360) + 360) % 360) as Rotation;
}
