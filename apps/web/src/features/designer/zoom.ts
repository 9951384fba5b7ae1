import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * The designer's zoom: the scale is CSS pixels per PDF point (fields are stored in points and drawn at
 * points × scale). "Fit width" follows the document area's width; a level chosen from the steps stays put.
 */

/** The steps "Zoom in" and "Zoom out" go through. */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Fit width: the widest page fills the area, but never beyond 125 % nor below 30 %. */
const FIT_MAX = 1.25;
const FIT_MIN = 0.3;
/** Room the fitted page leaves in the area (its 12 px padding on each side). */
const FIT_GUTTER = 24;
/** Scales this close count as the same step (a fit of 124.9 % zooms in to 150 %, not to 125 %). */
const SAME = 0.005;

export type Zoom = 'fit' | number;

export const fitScale = (areaWidth: number, widestPage: number) =>
  Math.min(FIT_MAX, Math.max(FIT_MIN, (areaWidth - FIT_GUTTER) / widestPage));

/** The next step above `scale`, or null at the largest. */
export const zoomIn = (scale: number): number | null => ZOOM_LEVELS.find((l) => l > scale + SAME) ?? null;

/** The next step below `scale`, or null at the smallest. */
export const zoomOut = (scale: number): number | null =>
  [...ZOOM_LEVELS].reverse().find((l) => l < scale - SAME) ?? null;

export const zoomPercent = (scale: number) => `${Math.round(scale * 100)}%`;

/**
 * Where the reader is: a point of a page (in points from its top left corner) at the top of the area and at
 * its middle across. After a zoom the area scrolls so that point is there again.
 */
interface Anchor {
  page: HTMLElement;
  x: number;
  y: number;
}

function anchorOf(area: HTMLElement, scale: number): Anchor | null {
  const box = area.getBoundingClientRect();
  const top = box.top + area.clientTop;
  const middle = box.left + area.clientLeft + area.clientWidth / 2;
  for (const page of area.querySelectorAll<HTMLElement>('.dz-page')) {
    const r = page.getBoundingClientRect();
    if (r.bottom > top) return { page, x: (middle - r.left) / scale, y: (top - r.top) / scale };
  }
  return null;
}

/**
 * The zoom of the pages in `area`: fit width by default, measured before the first paint and again whenever the
 * area's width changes (nothing is laid out before the first measure, see Editor), or a level the member chose.
 * Every change of scale keeps the page in view where it was.
 */
export function useZoom(area: RefObject<HTMLElement | null>, widestPage: number) {
  const [zoom, setZoomState] = useState<Zoom>('fit');
  const [fit, setFit] = useState<number | null>(null);
  const scale = zoom === 'fit' ? (fit ?? 1) : zoom;
  const current = useRef({ zoom, scale, fit });
  current.current = { zoom, scale, fit };
  const anchor = useRef<Anchor | null>(null);

  /** Notes where the reader is, when `next` changes the scale (applied below once the pages have their size). */
  const remember = useCallback(
    (next: number) => {
      const el = area.current;
      anchor.current = el && next !== current.current.scale ? anchorOf(el, current.current.scale) : null;
    },
    [area],
  );

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const measure = () => {
      const next = fitScale(el.clientWidth, widestPage);
      if (current.current.zoom === 'fit') remember(next);
      setFit(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [area, widestPage, remember]);

  // Before the paint: the same point of the same page back at the top of the area (and the middle across).
  useLayoutEffect(() => {
    const a = anchor.current;
    anchor.current = null;
    const el = area.current;
    if (!a || !el || !a.page.isConnected) return;
    const box = el.getBoundingClientRect();
    const r = a.page.getBoundingClientRect();
    el.scrollTop += r.top + a.y * scale - (box.top + el.clientTop);
    el.scrollLeft += r.left + a.x * scale - (box.left + el.clientLeft + el.clientWidth / 2);
  }, [area, scale]);

  const setZoom = useCallback(
    (next: Zoom) => {
      remember(next === 'fit' ? (current.current.fit ?? 1) : next);
      setZoomState(next);
    },
    [remember],
  );

  return { zoom, scale, measured: fit !== null, setZoom };
}
