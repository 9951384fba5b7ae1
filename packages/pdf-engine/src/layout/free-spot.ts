/**
 * Finds where a block fits in a zone without touching obstacles. The search is exact for
 * axis-aligned rectangles: if any free position exists, one has each coordinate on a zone edge
 * or against an obstacle edge, so only those candidates are tried, in order of preference.
 */
import { intersects } from '../geometry/rect.ts';
import type { Rect } from '../geometry/types.ts';

export interface SpotPreference {
  /** Prefer larger y first (lower on the page). */
  yDescending: boolean;
  /** Prefer larger x first (further right). */
  xDescending: boolean;
}

const EPS = 1e-9;

/** Top-left corner of the preferred free position of a `w` x `h` block, or null. */
export function findFreeSpot(
  zone: Rect,
  obstacles: Rect[],
  w: number,
  h: number,
  pref: SpotPreference,
): { x: number; y: number } | null {
  if (w > zone.width + EPS || h > zone.height + EPS) return null;
  const inZone = obstacles.filter((o) => intersects(o, zone));
  const yMin = zone.y;
  const yMax = zone.y + zone.height - h;
  const ys = candidates(
    yMin,
    yMax,
    inZone.flatMap((o) => [o.y + o.height, o.y - h]),
  ).sort((a, b) => (pref.yDescending ? b - a : a - b));
  for (const y of ys) {
    const band = inZone.filter((o) => o.y < y + h - EPS && y < o.y + o.height - EPS);
    const xs = candidates(
      zone.x,
      zone.x + zone.width - w,
      band.flatMap((o) => [o.x + o.width, o.x - w]),
    ).sort((a, b) => (pref.xDescending ? b - a : a - b));
    for (const x of xs) {
      const spot = { x, y, width: w, height: h };
      if (!band.some((o) => overlapsStrictly(o, spot))) return { x, y };
    }
  }
  return null;
}

function candidates(min: number, max: number, extra: number[]): number[] {
  const values = new Set<number>([min, max]);
  for (const v of extra) if (v >= min - EPS && v <= max + EPS) values.add(Math.min(max, Math.max(min, v)));
  return [...values];
}

/** Overlap with positive area: touching edges is fine. */
function overlapsStrictly(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width - EPS &&
    b.x < a.x + a.width - EPS &&
    a.y < b.y + b.height - EPS &&
    b.y < a.y + a.height - EPS
  );
}
