/** Readers for pdf.js operator arguments: they come from the file, so any of them may be missing or malformed. */
import { isFiniteMatrix } from '../geometry/matrix.ts';
import type { Matrix } from '../geometry/types.ts';

export const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

/** A finite six-number matrix from an array or typed array, or null. */
export function asMatrix(v: unknown): Matrix | null {
  if (v && typeof v === 'object' && 'length' in v) {
    const arr = Array.from(v as ArrayLike<unknown>);
    if (isFiniteMatrix(arr)) return arr.slice(0, 6) as Matrix;
  }
  return null;
}
