import { describe, expect, it } from 'vitest';
import {
  type ContentBox,
  INITIALS_BOX,
  layout,
  MAX_SIGNERS,
  type PageGeometry,
  PdfEngineError,
  SIGNATURE_PAGE_SIZES,
} from '../src/index.ts';
import { layoutProblems, overlaps } from './field-checks.ts';

function page(width: number, height: number, content: ContentBox[] = [], n = 1): PageGeometry {
  return {
    page: n,
    width,
    height,
    rotation: 0,
    userUnit: 1,
    cropBox: [0, 0, width, height],
    mediaBox: [0, 0, width, height],
    content,
    contentMeasured: true,
  };
}

/** A letter page of text with the given margins (top, right, bottom, left). */
function textPage(margins: [number, number, number, number], width = 612, height = 792): PageGeometry {
  const [top, right, bottom, left] = margins;
  const lines: ContentBox[] = [];
  for (let y = top; y + 12 <= height - bottom; y += 15) {
    lines.push({ kind: 'text', x: left, y, width: width - left - right, height: 12 });
  }
  return page(width, height, lines);
}

const initials = (fields: ReturnType<typeof layout>, p = 1) =>
  fields.filter((f) => f.kind === 'initials' && f.page === p);

describe('layout: initials', () => {
  it('puts initials for every signer in the bottom margin of an ordinary page, clear of the text', () => {
    const p = textPage([72, 72, 72, 72]);
    const fields = layout([p], 3);
    expect(layoutProblems(fields, [p], 3)).toEqual([]);
    const mine = initials(fields);
    expect(mine.map((f) => f.signer)).toEqual([0, 1, 2]);
    for (const f of mine) {
      expect(f.width).toBe(INITIALS_BOX.width);
      expect(f.y).toBeGreaterThan(792 - 72);
      expect(p.content.some((c) => overlaps(c, f))).toBe(false);
    }
  });

  it('moves to the right margin when the bottom is full, then to the top', () => {
    const noBottom = textPage([72, 90, 0, 72]);
    const right = initials(layout([noBottom], 2));
    expect(right.every((f) => f.x >= 612 - 90)).toBe(true);
    expect(right.some((c) => noBottom.content.some((t) => overlaps(t, c)))).toBe(false);

    const onlyTop = textPage([60, 0, 0, 0]);
    const top = initials(layout([onlyTop], 2));
    expect(top.every((f) => f.y + f.height <= 60)).toBe(true);
    expect(top.some((c) => onlyTop.content.some((t) => overlaps(t, c)))).toBe(false);
  });

  it('shrinks within bounds before leaving the bottom margin', () => {
    // 22 pt free under the content (755 + 3 pt clearance to the 12 pt edge): 0.7 x 26 = 18.2 pt fits.
    const p = page(612, 792, [{ kind: 'text', x: 72, y: 72, width: 468, height: 683 }]);
    const mine = initials(layout([p], 3));
    expect(mine.every((f) => f.y >= 758)).toBe(true);
    expect(mine[0]!.width).toBeCloseTo(INITIALS_BOX.width * 0.7);
  });

  it('finds the gap in the bottom margin beside a page number', () => {
    const p = textPage([72, 72, 72, 72]);
    p.content.push({ kind: 'text', x: 540, y: 762, width: 40, height: 10 });
    const mine = initials(layout([p], 2));
    expect(mine.some((c) => p.content.some((t) => overlaps(t, c)))).toBe(false);
    expect(mine.every((f) => f.y >= 750 && f.x + f.width <= 537)).toBe(true);
  });

  it('places initials anyway on a full-bleed page, small and inside it', () => {
    const p = page(612, 792, [{ kind: 'image', x: 0, y: 0, width: 612, height: 792 }]);
    const fields = layout([p], 4);
    expect(layoutProblems(fields, [p], 4)).toEqual([]);
    const mine = initials(fields);
    expect(mine[0]!.width).toBeCloseTo(INITIALS_BOX.width * 0.55);
    // bottom-right, the usual spot
    expect(Math.max(...mine.map((f) => f.x + f.width))).toBeGreaterThan(560);
    expect(Math.max(...mine.map((f) => f.y + f.height))).toBeGreaterThan(740);
  });

  it('fits every signer inside a 3 x 3 pt page without overlaps', () => {
    const pages = Array.from({ length: 4 }, (_, i) => page(3, 3, [], i + 1));
    for (const signers of [1, 2, 7, 20]) {
      const fields = layout(pages, signers);
      expect(layoutProblems(fields, pages, signers)).toEqual([]);
    }
  });

  it('handles mixed sizes and orientations, from a strip to A0', () => {
    const pages = [
      page(612, 792),
      page(400, 50),
      page(2384, 3370),
      page(792, 612),
      page(20, 600),
      page(600, 20),
    ].map((p, i) => ({ ...p, page: i + 1 }));
    for (const signers of [1, 3, 12]) {
      expect(layoutProblems(layout(pages, signers), pages, signers)).toEqual([]);
    }
  });

  it('wraps many signers into rows on the bottom margin', () => {
    const p = textPage([72, 72, 72, 72]);
    const mine = initials(layout([p], 20));
    expect(new Set(mine.map((f) => f.y)).size).toBeGreaterThan(1);
    expect(mine.some((c) => p.content.some((t) => overlaps(t, c)))).toBe(false);
    expect(layoutProblems(layout([p], 20), [p], 20)).toEqual([]);
  });

  it('treats a page whose contents were not measured as having free margins', () => {
    const p = { ...page(612, 792), contentMeasured: false };
    const mine = initials(layout([p], 2));
    expect(mine.every((f) => f.y > 700 && f.x > 400)).toBe(true);
  });
});

describe('layout: signature pages', () => {
  it('appends one letter page with a signature, name and date field per signer', () => {
    const pages = [textPage([72, 72, 72, 72])];
    const fields = layout(pages, 3);
    const appended = fields.filter((f) => f.page === 2);
    expect(appended).toHaveLength(9);
    for (let signer = 0; signer < 3; signer++) {
      expect(
        appended
          .filter((f) => f.signer === signer)
          .map((f) => f.kind)
          .sort(),
      ).toEqual(['date', 'name', 'signature']);
    }
    expect(layoutProblems(fields, pages, 3)).toEqual([]);
  });

  it('continues on further pages for many signers, ten per page, without shrinking', () => {
    const pages = [page(612, 792)];
    const fields = layout(pages, 25);
    expect(Math.max(...fields.map((f) => f.page))).toBe(4);
    expect(fields.filter((f) => f.page === 2 && f.kind === 'signature')).toHaveLength(10);
    expect(fields.filter((f) => f.page === 4 && f.kind === 'signature')).toHaveLength(5);
    const widths = new Set(fields.filter((f) => f.kind === 'signature').map((f) => f.width));
    expect(widths.size).toBe(1);
    expect(layoutProblems(fields, pages, 25)).toEqual([]);
  });

  it('uses A4 when asked', () => {
    const pages = [page(595.28, 841.89)];
    const fields = layout(pages, 12, { signaturePageSize: 'a4' });
    expect(layoutProblems(fields, pages, 12, SIGNATURE_PAGE_SIZES.a4)).toEqual([]);
    const letter = layout(pages, 12);
    const lowest = (list: typeof fields) =>
      Math.max(...list.filter((f) => f.page === 2).map((f) => f.y + f.height));
    expect(lowest(fields)).toBeGreaterThan(lowest(letter));
  });

  it('accepts up to MAX_SIGNERS and rejects nonsense signer counts', () => {
    const pages = [page(612, 792)];
    expect(layoutProblems(layout(pages, MAX_SIGNERS), pages, MAX_SIGNERS)).toEqual([]);
    for (const bad of [0, -1, 1.5, Number.NaN, MAX_SIGNERS + 1]) {
      expect(() => layout(pages, bad)).toThrow(PdfEngineError);
    }
  });

  it('is deterministic', () => {
    const pages = [textPage([72, 72, 72, 72]), page(400, 50, [], 2)];
    expect(layout(pages, 5)).toEqual(layout(pages, 5));
  });
});
