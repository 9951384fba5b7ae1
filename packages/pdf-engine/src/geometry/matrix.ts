import type { Matrix, PdfBox } from './types.ts';

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The matrix that applies `first`, then `second` (PDF convention: first x second). */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = first;
  const [a2, b2, c2, d2, e2, f2] = second;
  return [
    a1 * a2 + b1 * c2,
    a1 * b2 + b1 * d2,
    c1 * a2 + d1 * c2,
    c1 * b2 + d1 * d2,
    e1 * a2 + f1 * c2 + e2,
    e1 * b2 + f1 * d2 + f2,
  ];
}

export function applyToPoint(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Axis-aligned bounds of the box [x0, y0, x1, y1] after transformation by `m`. */
export function transformBounds(m: Matrix, x0: number, y0: number, x1: number, y1: number): PdfBox {
  const p = [
    applyToPoint(m, x0, y0),
    applyToPoint(m, x1, y0),
    applyToPoint(m, x0, y1),
    applyToPoint(m, x1, y1),
  ];
  const xs = p.map((q) => q[0]);
  const ys = p.map((q) => q[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function isFiniteMatrix(m: readonly unknown[]): m is Matrix {
  return m.length >= 6 && m.slice(0, 6).every((v) => typeof v === 'number' && Number.isFinite(v));
}
