import type { Rect } from '../geometry/types.ts';
import type { DetectedFieldType } from './types.ts';

/** Smallest field a signer can use, by type (points): a tag in small print still gets a usable box. */
const MINIMUM: Record<DetectedFieldType, { width: number; height: number }> = {
  text: { width: 80, height: 14 },
  name: { width: 100, height: 14 },
  email: { width: 120, height: 14 },
  date: { width: 70, height: 14 },
  checkbox: { width: 12, height: 12 },
  signature: { width: 150, height: 36 },
  initials: { width: 48, height: 28 },
};

/**
 * The field a tag stands for: the tag's box grown to the type's minimum. Signatures and initials grow
 * upwards from the tag's baseline (they sit on a signature line); other fields keep the tag's top-left.
 * Checkboxes are squares as tall as the tag. The result is moved inside the page.
 */
export function fieldRectForTag(
  tag: Rect,
  type: DetectedFieldType,
  page: { width: number; height: number },
): Rect {
  const min = MINIMUM[type];
  let width: number;
  let height: number;
  if (type === 'checkbox') {
    width = height = Math.max(min.height, Math.min(tag.height, 24));
  } else {
    width = Math.max(min.width, tag.width);
    height = Math.max(min.height, tag.height);
  }
  width = Math.min(width, page.width);
  height = Math.min(height, page.height);
  const bottom = tag.y + tag.height;
  let x = tag.x;
  let y = type === 'signature' || type === 'initials' ? bottom - height : tag.y;
  x = Math.min(Math.max(0, x), page.width - width);
  y = Math.min(Math.max(0, y), page.height - height);
  return { x: round(x), y: round(y), width: round(width), height: round(height) };
}

/** Hundredths of a point: far below what anyone sees, and stable numbers in JSON. */
export const round = (v: number): number => Math.round(v * 100) / 100;
