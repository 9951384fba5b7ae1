/**
 * Initials for every signer on one page: one block of boxes in the page margin, clear of the
 * page's content when there is room. Sides are tried in order (bottom, right, top, left) and,
 * on each side, the block shrinks step by step before the next side is tried. Without room
 * anywhere (full-bleed scans, tiny pages) the block goes where it covers the least content,
 * at the smallest size, or smaller still if the page itself is smaller than the block.
 */
import { inflate, overlapArea } from '../geometry/rect.ts';
import type { PageGeometry, Rect } from '../geometry/types.ts';
import { findFreeSpot, type SpotPreference } from './free-spot.ts';

/** Nominal initials box and spacing, in points. */
export const INITIALS_BOX = { width: 60, height: 26 } as const;
const GAP = 4;
/** Distance kept from the page edge (less on small pages). */
const EDGE = 12;
/** Distance kept from content. */
const CLEARANCE = 3;
/** Sizes tried before giving up on a side: down to 33 x 14.3 pt. */
const SCALES = [1, 0.85, 0.7, 0.55] as const;
const MIN_SCALE = SCALES[SCALES.length - 1]!;
/** How deep into the page a margin zone reaches, as a share of the page's size. */
const ZONE_SHARE = 0.2;

type Side = 'bottom' | 'right' | 'top' | 'left';
const SIDES: readonly Side[] = ['bottom', 'right', 'top', 'left'];

const PREFERENCE: Record<Side, SpotPreference & { vertical: boolean }> = {
  bottom: { yDescending: true, xDescending: true, vertical: false },
  right: { yDescending: true, xDescending: true, vertical: true },
  top: { yDescending: false, xDescending: true, vertical: false },
  left: { yDescending: true, xDescending: false, vertical: true },
};

interface Grid {
  cols: number;
  rows: number;
  /** Signer i goes down the columns first (true) or along the rows first (false). */
  columnMajor: boolean;
  box: { width: number; height: number };
  gap: number;
  width: number;
  height: number;
}

function grid(cols: number, rows: number, columnMajor: boolean, scale: number): Grid {
  const box = { width: INITIALS_BOX.width * scale, height: INITIALS_BOX.height * scale };
  const gap = GAP * scale;
  return {
    cols,
    rows,
    columnMajor,
    box,
    gap,
    width: cols * box.width + (cols - 1) * gap,
    height: rows * box.height + (rows - 1) * gap,
  };
}

/** Lays n boxes along a side: a row (wrapping) on the bottom or top, a column on the sides. */
function gridForSide(n: number, vertical: boolean, inner: Rect, scale: number): Grid {
  const w = INITIALS_BOX.width * scale;
  const h = INITIALS_BOX.height * scale;
  const g = GAP * scale;
  if (vertical) {
    const rows = Math.max(1, Math.min(n, Math.floor((inner.height + g) / (h + g))));
    return grid(Math.ceil(n / rows), rows, true, scale);
  }
  const cols = Math.max(1, Math.min(n, Math.floor((inner.width + g) / (w + g))));
  return grid(cols, Math.ceil(n / cols), false, scale);
}

function zoneFor(side: Side, inner: Rect, g: Grid, page: { width: number; height: number }): Rect {
  const depthY = Math.min(inner.height, Math.max(ZONE_SHARE * page.height, g.height));
  const depthX = Math.min(inner.width, Math.max(ZONE_SHARE * page.width, g.width));
  switch (side) {
    case 'bottom':
      return { x: inner.x, y: inner.y + inner.height - depthY, width: inner.width, height: depthY };
    case 'top':
      return { x: inner.x, y: inner.y, width: inner.width, height: depthY };
    case 'right':
      return { x: inner.x + inner.width - depthX, y: inner.y, width: depthX, height: inner.height };
    case 'left':
      return { x: inner.x, y: inner.y, width: depthX, height: inner.height };
  }
}

function boxesOf(g: Grid, x: number, y: number, n: number): Rect[] {
  const boxes: Rect[] = [];
  for (let i = 0; i < n; i++) {
    const col = g.columnMajor ? Math.floor(i / g.rows) : i % g.cols;
    const row = g.columnMajor ? i % g.rows : Math.floor(i / g.cols);
    boxes.push({
      x: x + col * (g.box.width + g.gap),
      y: y + row * (g.box.height + g.gap),
      width: g.box.width,
      height: g.box.height,
    });
  }
  return boxes;
}

/** One rectangle per signer (in signer order), in display coordinates of `page`. */
export function placeInitials(
  page: Pick<PageGeometry, 'width' | 'height' | 'content'>,
  signerCount: number,
): Rect[] {
  const edge = Math.min(EDGE, 0.04 * Math.min(page.width, page.height));
  const inner: Rect = { x: edge, y: edge, width: page.width - 2 * edge, height: page.height - 2 * edge };
  const obstacles = page.content.map((box) => inflate(box, CLEARANCE));

  for (const side of SIDES) {
    const pref = PREFERENCE[side];
    for (const scale of SCALES) {
      const g = gridForSide(signerCount, pref.vertical, inner, scale);
      const spot = findFreeSpot(zoneFor(side, inner, g, page), obstacles, g.width, g.height, pref);
      if (spot) return boxesOf(g, spot.x, spot.y, signerCount);
    }
  }
  return leastCovering(inner, obstacles, signerCount);
}

/** No free room: the smallest block (smaller if the page demands it) where it covers least. */
function leastCovering(inner: Rect, obstacles: Rect[], n: number): Rect[] {
  let best = grid(1, n, false, 0);
  let bestScale = -1;
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const fit = Math.min(
      inner.width / (cols * INITIALS_BOX.width + (cols - 1) * GAP),
      inner.height / (rows * INITIALS_BOX.height + (rows - 1) * GAP),
    );
    const scale = Math.min(MIN_SCALE, fit);
    if (scale > bestScale + 1e-12) {
      bestScale = scale;
      best = grid(cols, rows, false, scale);
    }
  }
  const steps = 8;
  const spanX = Math.max(0, inner.width - best.width);
  const spanY = Math.max(0, inner.height - best.height);
  let pick = { x: inner.x + spanX, y: inner.y + spanY };
  let least = Number.POSITIVE_INFINITY;
  // Bottom-right first, so equal coverage (a full-bleed page) keeps the usual spot.
  for (let j = steps; j >= 0; j--) {
    for (let i = steps; i >= 0; i--) {
      const x = inner.x + (spanX * i) / steps;
      const y = inner.y + (spanY * j) / steps;
      const block = { x, y, width: best.width, height: best.height };
      const covered = obstacles.reduce((sum, o) => sum + overlapArea(o, block), 0);
      if (covered < least - 1e-9) {
        least = covered;
        pick = { x, y };
      }
    }
  }
  return boxesOf(best, pick.x, pick.y, n);
}
