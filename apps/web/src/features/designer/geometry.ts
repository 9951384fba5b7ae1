import type { Field } from './model.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const intersects = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export interface Guide {
  axis: 'x' | 'y';
  /** Position in points on the page. */
  at: number;
}

/** Snap lines of a page: every other field's edges and centre, and the page's own centre. */
function targets(others: Rect[], page: { width: number; height: number }) {
  const xs = [page.width / 2];
  const ys = [page.height / 2];
  for (const o of others) {
    xs.push(o.x, o.x + o.width / 2, o.x + o.width);
    ys.push(o.y, o.y + o.height / 2, o.y + o.height);
  }
  return { xs, ys };
}

/** The closest snap within `tolerance` of any of `edges` (offsets from the box's origin). */
function nearest(value: number, edges: number[], lines: number[], tolerance: number) {
  let best: { delta: number; line: number } | null = null;
  for (const edge of edges) {
    for (const line of lines) {
      const delta = line - (value + edge);
      if (Math.abs(delta) <= tolerance && (!best || Math.abs(delta) < Math.abs(best.delta)))
        best = { delta, line };
    }
  }
  return best;
}

/**
 * Moves `box` onto nearby alignment lines (left, centre or right edge; top, middle or bottom) when within
 * `tolerance` points, and says which guides to draw.
 */
export function snapMove(
  box: Rect,
  others: Rect[],
  page: { width: number; height: number },
  tolerance: number,
): { x: number; y: number; guides: Guide[] } {
  const { xs, ys } = targets(others, page);
  const sx = nearest(box.x, [0, box.width / 2, box.width], xs, tolerance);
  const sy = nearest(box.y, [0, box.height / 2, box.height], ys, tolerance);
  const guides: Guide[] = [];
  if (sx) guides.push({ axis: 'x', at: sx.line });
  if (sy) guides.push({ axis: 'y', at: sy.line });
  return { x: box.x + (sx?.delta ?? 0), y: box.y + (sy?.delta ?? 0), guides };
}

/** Snaps the right and bottom edges of a box being resized. */
export function snapResize(
  box: Rect,
  others: Rect[],
  page: { width: number; height: number },
  tolerance: number,
): { width: number; height: number; guides: Guide[] } {
  const { xs, ys } = targets(others, page);
  const sx = nearest(box.x + box.width, [0], xs, tolerance);
  const sy = nearest(box.y + box.height, [0], ys, tolerance);
  const guides: Guide[] = [];
  if (sx) guides.push({ axis: 'x', at: sx.line });
  if (sy) guides.push({ axis: 'y', at: sy.line });
  return { width: box.width + (sx?.delta ?? 0), height: box.height + (sy?.delta ?? 0), guides };
}

export const samePage = (a: Field, b: Field) => a.document === b.document && a.page === b.page;
