export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/** The readiness rules' overlap test, so placing a field and flagging an overlap agree. */
export { intersects } from '@countersign/schemas/template-readiness';

export interface Guide {
  axis: 'x' | 'y';
  /** Position in points on the page. */
  at: number;
}

/** Snap lines of a page: every other field's edges and centre, and the page's own centre. */
function targets(others: Rect[], page: Size) {
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
 * Snaps the point (x, y) of a box, whose `xEdges` and `yEdges` (offsets from the point) may each meet a line
 * within `tolerance` points: how far to shift it on each axis, and the guides to draw.
 */
function snap(
  x: number,
  xEdges: number[],
  y: number,
  yEdges: number[],
  others: Rect[],
  page: Size,
  tolerance: number,
): { dx: number; dy: number; guides: Guide[] } {
  const { xs, ys } = targets(others, page);
  const sx = nearest(x, xEdges, xs, tolerance);
  const sy = nearest(y, yEdges, ys, tolerance);
  const guides: Guide[] = [];
  if (sx) guides.push({ axis: 'x', at: sx.line });
  if (sy) guides.push({ axis: 'y', at: sy.line });
  return { dx: sx?.delta ?? 0, dy: sy?.delta ?? 0, guides };
}

/**
 * Moves `box` onto nearby alignment lines (left, centre or right edge; top, middle or bottom) when within
 * `tolerance` points, and says which guides to draw.
 */
export function snapMove(box: Rect, others: Rect[], page: Size, tolerance: number) {
  const { dx, dy, guides } = snap(
    box.x,
    [0, box.width / 2, box.width],
    box.y,
    [0, box.height / 2, box.height],
    others,
    page,
    tolerance,
  );
  return { x: box.x + dx, y: box.y + dy, guides };
}

/** Snaps the right and bottom edges of a box being resized. */
export function snapResize(box: Rect, others: Rect[], page: Size, tolerance: number) {
  const { dx, dy, guides } = snap(box.x + box.width, [0], box.y + box.height, [0], others, page, tolerance);
  return { width: box.width + dx, height: box.height + dy, guides };
}
