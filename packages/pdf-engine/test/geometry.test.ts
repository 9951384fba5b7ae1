import { describe, expect, it } from 'vitest';
import {
  displayRectToUserBox,
  displayToUserPoint,
  normalizeRotation,
  type PageFrame,
  type Rotation,
  userBoxToDisplayRect,
  userToDisplayPoint,
} from '../src/index.ts';
import { makePdf } from '../src/testing/index.ts';
import { openPdf } from './pdfjs.ts';

const ROTATIONS: Rotation[] = [0, 90, 180, 270];

describe('display <-> user space', () => {
  it('matches pdf.js viewports for every rotation, crop offsets, negative origins and /UserUnit', async () => {
    const cases = [
      { rotate: 0 as Rotation },
      { cropBox: [100, 150, 500, 700] as [number, number, number, number] },
      { origin: [-40, -25] as [number, number], size: [500, 300] as [number, number] },
      { userUnit: 3 },
      { userUnit: 72, size: [8.5, 11] as [number, number], text: false },
    ];
    for (const base of cases) {
      for (const rotate of ROTATIONS) {
        const doc = await openPdf(await makePdf({ text: false, ...base, rotate }));
        const page = await doc.getPage(1);
        const [x0, y0, x1, y1] = page.view as [number, number, number, number];
        const frame: PageFrame = {
          cropBox: [x0, y0, x1, y1],
          rotation: normalizeRotation(page.rotate),
          userUnit: page.userUnit,
        };
        const viewport = page.getViewport({ scale: 1 });
        for (const [ux, uy] of [
          [x0, y0],
          [x1, y0],
          [x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 5],
          [x1, y1],
        ] as [number, number][]) {
          const [vx, vy] = viewport.convertToViewportPoint(ux, uy) as [number, number];
          const [dx, dy] = userToDisplayPoint(frame, ux, uy);
          expect(dx).toBeCloseTo(vx, 6);
          expect(dy).toBeCloseTo(vy, 6);
          const [bx, by] = displayToUserPoint(frame, dx, dy);
          expect(bx).toBeCloseTo(ux, 6);
          expect(by).toBeCloseTo(uy, 6);
        }
        await doc.destroy();
      }
    }
  });

  it('turns display rectangles into user boxes and back', () => {
    for (const rotation of ROTATIONS) {
      const frame: PageFrame = { cropBox: [10, 20, 582, 752], rotation, userUnit: 2 };
      const rect = { x: 30, y: 40, width: 60, height: 26 };
      const box = displayRectToUserBox(frame, rect);
      expect(box[0]).toBeLessThan(box[2]);
      expect(box[1]).toBeLessThan(box[3]);
      const back = userBoxToDisplayRect(frame, box);
      expect(back.x).toBeCloseTo(rect.x);
      expect(back.y).toBeCloseTo(rect.y);
      expect(back.width).toBeCloseTo(rect.width);
      expect(back.height).toBeCloseTo(rect.height);
    }
  });

  it('normalizes /Rotate as viewers do', () => {
    expect([0, 90, 180, 270, 360, 450, -90, -270, 45, 1.5].map(normalizeRotation)).toEqual([
      0, 90, 180, 270, 0, 90, 270, 90, 0, 0,
    ]);
  });
});
