import { describe, expect, it } from 'vitest';
import { fitScale, ZOOM_LEVELS, zoomIn, zoomOut, zoomPercent } from '../src/features/designer/zoom.ts';

// The designer's zoom steps (features/designer/zoom.ts); the browser test proves pages and fields follow them.

describe('designer zoom levels', () => {
  it('steps through the levels from any scale, stopping at the ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    // A fitted scale between levels goes to the next level either way.
    expect(zoomIn(1.09)).toBe(1.25);
    expect(zoomOut(1.09)).toBe(1);
    // Within half a percent of a level counts as that level.
    expect(zoomIn(1.249)).toBe(1.5);
    expect(zoomOut(0.502)).toBeNull();
    expect(zoomIn(ZOOM_LEVELS.at(-1)!)).toBeNull();
    expect(zoomOut(ZOOM_LEVELS[0])).toBeNull();
  });

  it('fits the widest page to the area, between 30 % and 125 %', () => {
    expect(fitScale(636, 612)).toBe(1);
    expect(fitScale(5000, 612)).toBe(1.25);
    expect(fitScale(100, 612)).toBe(0.3);
    expect(zoomPercent(0.916)).toBe('92%');
  });
});
