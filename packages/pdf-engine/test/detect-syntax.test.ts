import { describe, expect, it } from 'vitest';
import { fieldRectForTag } from '../src/detect/field-size.ts';
import { parseContent } from '../src/detect/worker/content-syntax.ts';
import type { TextRun } from '../src/detect/worker/glyphs.ts';
import { CannotRemoveError, removeGlyphs } from '../src/detect/worker/remove-text.ts';
import { splitRole } from '../src/detect/worker/widgets.ts';
import { parseTag } from '../src/index.ts';

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (b: Uint8Array) => String.fromCharCode(...b);

describe('parseTag', () => {
  it('reads a label alone as a text field for the sender', () => {
    expect(parseTag('Company')).toEqual({ label: 'Company', type: 'text', role: null, required: null });
  });

  it('reads type, role and required, ignoring spaces and key case', () => {
    expect(parseTag(' Sign ; TYPE = Signature ; role = Client ; required=false ')).toEqual({
      label: 'Sign',
      type: 'signature',
      role: 'Client',
      required: false,
    });
  });

  it.each([
    ['', 'no label'],
    [';type=text', 'no label'],
    ['A;type=stamp', 'type "stamp" is not one of'],
    ['A;role=', 'role is empty'],
    ['A;required=maybe', 'required must be true or false'],
    ['A;size=3', 'unknown key "size"'],
    ['A;role', 'is not key=value'],
    ['A;role=X;role=Y', 'given twice'],
  ])('rejects %j', (inner, message) => {
    const parsed = parseTag(inner);
    expect('error' in parsed && parsed.error).toContain(message);
  });
});

describe('splitRole (AcroForm naming convention)', () => {
  it.each([
    ['Client:Signature', { role: 'Client', label: 'Signature' }],
    ['Client : Date signed', { role: 'Client', label: 'Date signed' }],
    ['Notes', { role: null, label: 'Notes' }],
    [':Odd', { role: null, label: ':Odd' }],
    ['Odd:', { role: null, label: 'Odd:' }],
    ['A:B:C', { role: 'A', label: 'B:C' }],
  ])('%j', (name, expected) => expect(splitRole(name)).toEqual(expected));
});

describe('fieldRectForTag', () => {
  const page = { width: 612, height: 792 };
  const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
  it('grows text fields to the minimum from the top-left', () => {
    expect(fieldRectForTag(rect(10, 20, 30, 8), 'text', page)).toEqual(rect(10, 20, 80, 14));
  });
  it('grows signatures upwards from the baseline', () => {
    expect(fieldRectForTag(rect(10, 100, 200, 10), 'signature', page)).toEqual(rect(10, 74, 200, 36));
  });
  it('keeps the field on the page', () => {
    expect(fieldRectForTag(rect(600, 2, 10, 10), 'signature', page)).toEqual(rect(462, 0, 150, 36));
  });
});

describe('parseContent', () => {
  it('reads operators with their operands and byte spans', () => {
    const src = latin1('BT /F1 12 Tf 1 0 0 1 72 700 Tm (a\\(b\\)\\101\\\nc) Tj [<4142> -250 (C)] TJ ET');
    const ops = parseContent(src);
    expect(ops.map((o) => o.op)).toEqual(['BT', 'Tf', 'Tm', 'Tj', 'TJ', 'ET']);
    const tj = ops[3]!;
    expect(tj.operands).toEqual([{ kind: 'string', bytes: latin1('a(b)Ac') }]);
    expect(text(src.subarray(tj.start, tj.end))).toBe('(a\\(b\\)\\101\\\nc) Tj');
    expect(ops[4]!.operands[0]).toEqual({
      kind: 'array',
      items: [
        { kind: 'string', bytes: latin1('AB') },
        { kind: 'number', value: -250 },
        { kind: 'string', bytes: latin1('C') },
      ],
    });
  });

  it('skips inline image data, even when it holds the bytes EI', () => {
    const src = latin1('q BI /W 2 /H 1 /BPC 8 /CS /G ID \u0000EI\u00ff EI Q (x) Tj');
    expect(parseContent(src).map((o) => o.op)).toEqual(['q', 'BI', 'Q', 'Tj']);
  });

  it('ignores comments and dictionaries', () => {
    const src = latin1('% a comment (not a string)\n/P <</MCID 0>> BDC (y) Tj EMC');
    expect(parseContent(src).map((o) => o.op)).toEqual(['BDC', 'Tj', 'EMC']);
  });

  it('throws on an unterminated string', () => {
    expect(() => parseContent(latin1('(abc Tj'))).toThrow('unterminated');
  });
});

describe('removeGlyphs', () => {
  /** A run as pdf.js would report it: `count` glyphs of 6 points at 10 points, numbers where given. */
  const run = (contentIndex: number, elements: (number | 'g')[]): TextRun => {
    let g = 0;
    const mapped = elements.map((e) => (e === 'g' ? { glyph: g++ } : { adjust: e }));
    return {
      contentIndex,
      fontSize: 10,
      simple: true,
      glyphs: Array.from({ length: g }, () => ({
        unicode: 'x',
        box: { x: 0, y: 0, width: 6, height: 10 },
        advance: 6,
      })),
      elements: mapped,
    };
  };

  it('replaces removed glyphs of a two-byte string by an adjustment of the same advance', () => {
    const src = latin1('BT /F1 10 Tf <0041004200430044> Tj ET');
    const out = removeGlyphs(src, [run(0, ['g', 'g', 'g', 'g'])], new Map([[0, new Set([1, 2])]]));
    expect(text(out)).toBe('BT /F1 10 Tf [<0041> -1200 <0044>] TJ ET');
  });

  it("keeps a TJ's own adjustments and rewrites ' with its line move", () => {
    const src = latin1("BT [(AB) -250 (CD)] TJ (EF) ' ET");
    const out = removeGlyphs(
      src,
      [run(0, ['g', 'g', -250, 'g', 'g']), run(1, ['g', 'g'])],
      new Map([
        [0, new Set([0])],
        [1, new Set([1])],
      ]),
    );
    expect(text(out)).toBe('BT [-600 <42> -250 <4344>] TJ T* [<45> -600] TJ ET');
  });

  it('refuses when the stream and pdf.js disagree', () => {
    const src = latin1('BT (ABC) Tj ET');
    expect(() => removeGlyphs(src, [run(0, ['g', 'g'])], new Map([[0, new Set([0])]]))).toThrow(
      CannotRemoveError,
    );
    expect(() =>
      removeGlyphs(src, [run(0, ['g', 'g', 'g']), run(1, ['g'])], new Map([[0, new Set([0])]])),
    ).toThrow(/1 text operators in the stream, 2 seen/);
  });
});
