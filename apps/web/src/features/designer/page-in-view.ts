import { type RefObject, useEffect, useState } from 'react';

/** The key ("document:page") of the page showing the most of itself in `area`, or null when none shows. */
export function mostInView(area: HTMLElement): string | null {
  const box = area.getBoundingClientRect();
  let best: { key: string; seen: number } | null = null;
  for (const el of area.querySelectorAll<HTMLElement>('.dz-page')) {
    const r = el.getBoundingClientRect();
    if (r.top >= box.bottom) break; // the pages are in order: the rest are further down
    const seen = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
    if (seen > 0 && (!best || seen > best.seen))
      best = { key: `${el.dataset.document}:${el.dataset.page}`, seen };
  }
  return best?.key ?? null;
}

/**
 * The page most in view in `area` while `enabled`, followed as it scrolls (once a frame at most) and measured
 * again whenever `layout` changes (the zoom, the pages shown).
 */
export function usePageInView(
  area: RefObject<HTMLElement | null>,
  enabled: boolean,
  layout: unknown,
): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `layout` is the reason to measure again
  useEffect(() => {
    const el = area.current;
    if (!enabled || !el) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setCurrent(mostInView(el));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    schedule();
    el.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [area, enabled, layout]);
  return current;
}
