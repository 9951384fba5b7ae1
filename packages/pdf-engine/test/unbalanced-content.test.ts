/**
 * Pages whose own content restores more graphics states than it saves (or leaves saves open) must not
 * hide or move what we draw on them. Poppler stops drawing a page at a Q with nothing to restore, so
 * before isolate-page-content.ts the initials stamped after such content were missing in pdftotext and
 * pdftoppm while pdf.js showed them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  decodePDFRawStream,
  type PDFArray,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
  StandardFonts,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDetector,
  createInspector,
  detectFields,
  type FinalizeField,
  finalize,
  type Inspector,
  prepare,
  type Rect,
  type SealOptions,
} from '../src/index.ts';
import { isolatePageContent, saveRestoreBalance } from '../src/isolate-page-content.ts';
import { testSealIdentity } from './seal-fixtures.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const CORPUS_FILE = resolve(repoRoot, '..', 'shared', 'pdf-corpus', 'ok', 'pdfjs_issue1350.pdf');
const POPPLER_UNDERFLOW = 'Restoring state when no valid states to pop';

const balance = (content: string) => saveRestoreBalance([Buffer.from(content, 'latin1')]);

describe('saveRestoreBalance', () => {
  it('follows the running depth of q and Q, over the streams in order', () => {
    expect(balance('q q Q Q')).toEqual({ lowest: 0, end: 0 });
    expect(balance('q Q Q')).toEqual({ lowest: -1, end: -1 });
    expect(balance('Q Q q q q')).toEqual({ lowest: -2, end: 1 });
    expect(balance('2 0 0 2 0 0 cm q')).toEqual({ lowest: 0, end: 1 });
    const streams = ['q\n', 'Q', null, 'Q\nq'].map((s) => (s === null ? null : Buffer.from(s)));
    expect(saveRestoreBalance(streams)).toEqual({ lowest: -1, end: 0 });
  });

  it('counts operators only: not strings, comments, names, operands or inline image data', () => {
    expect(balance('q BT (Q) Tj (q (Q) \\) Q \\( q) Tj [(Q) 20 (q)] TJ <51 71> Tj ET Q')).toEqual({
      lowest: 0,
      end: 0,
    });
    expect(balance('% Q Q Q\nq /Q gs /q cs Q')).toEqual({ lowest: 0, end: 0 });
    expect(balance('/P <</Q 1 /q [Q q]>> BDC Qq qQ EMC')).toEqual({ lowest: 0, end: 0 });
    expect(balance('q BI /W 4 /H 1 /BPC 8 /CS /G ID Q QQ EI Q')).toEqual({ lowest: 0, end: 0 });
    expect(balance('q BI /W 4 /H 1 /BPC 8 /CS /G ID qEIq EI Q Q')).toEqual({ lowest: -1, end: -1 });
    // Operators need no white space around them when a delimiter ends the token before.
    expect(balance('q(a)Tj Q[1]0 d Q')).toEqual({ lowest: -1, end: -1 });
  });

  it('reads unterminated strings and stray delimiters without throwing', () => {
    expect(balance('q ) } { Q (Q')).toEqual({ lowest: 0, end: 0 });
    expect(balance('Q <51')).toEqual({ lowest: -1, end: -1 });
  });
});

/** A page whose only content stream is `content`, with Helvetica as /F1. */
async function rawPage(doc: PDFDocument, content: string): Promise<PDFPage> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(content)));
  return page;
}

const text = (s: string, x = 72, y = 700, size = 12) => `BT /F1 ${size} Tf ${x} ${y} Td (${s}) Tj ET`;

/** Page contents that exercise every way the q/Q balance can go wrong. */
const PAGES = {
  'an extra Q': `q ${text('Page with an extra restore')} Q Q`,
  'q and Q inside strings and an inline image': [
    `q BT /F1 12 Tf 72 700 Td (Strings: q Q \\) q (nested (Q) q) end) Tj [(q) 10 (Q)] TJ ET % q q q`,
    'q 10 0 0 10 72 600 cm BI /W 3 /H 1 /BPC 8 /CS /G ID qQq EI Q',
    'Q',
  ].join('\n'),
  'a save left open after scaling': `0.5 0 0 0.5 0 0 cm q ${text('Page that leaves a save open', 144, 1400, 24)}`,
  'an extra Q, then a scaled save left open': `Q ${text('Restores first')} 2 0 0 2 0 0 cm q ${text('then saves', 36, 300)}`,
};

describe('isolatePageContent', () => {
  const streamTexts = (page: PDFPage) => {
    const contents = page.node.Contents() as PDFArray;
    return contents.asArray().map((ref) => {
      const stream = page.doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) throw new Error('not a raw stream');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    });
  };

  it('puts just enough q before the content and Q after it', async () => {
    const doc = await PDFDocument.create();
    const cases: [string, number, number][] = [
      [PAGES['an extra Q'], 2, 1],
      [PAGES['q and Q inside strings and an inline image'], 1, 1],
      [PAGES['a save left open after scaling'], 1, 2],
      [PAGES['an extra Q, then a scaled save left open'], 2, 2],
    ];
    for (const [content, saves, restores] of cases) {
      const page = await rawPage(doc, content);
      isolatePageContent(page);
      const [before, original, after] = streamTexts(page);
      expect(before!.match(/q/g)).toHaveLength(saves);
      expect(original).toBe(content);
      expect(after!.match(/Q/g)).toHaveLength(restores);
      expect(after!.startsWith('\n')).toBe(true);
    }
  });

  it('leaves a page without content alone', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    isolatePageContent(page);
    expect(page.node.get(PDFName.of('Contents'))).toBeUndefined();
  });
});

let dir: string;
let inspector: Inspector;
let seal: SealOptions;

function write(bytes: Uint8Array): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

interface Word {
  text: string;
  box: Rect;
}

/** pdftotext's words of one page with their boxes (display points), and what poppler complained about. */
function popplerWords(file: string, page: number): { words: Word[]; errors: string } {
  const run = spawnSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  const words = [
    ...run.stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
  ].map(([, x0, y0, x1, y1, word]) => ({
    text: word!,
    box: { x: Number(x0), y: Number(y0), width: Number(x1) - Number(x0), height: Number(y1) - Number(y0) },
  }));
  return { words, errors: run.stderr };
}

const inside = (inner: Rect, outer: Rect, tolerance = 1) =>
  inner.x >= outer.x - tolerance &&
  inner.y >= outer.y - tolerance &&
  inner.x + inner.width <= outer.x + outer.width + tolerance &&
  inner.y + inner.height <= outer.y + outer.height + tolerance;

/**
 * Sends `source` to two signers (inspect, prepare) and finalizes it with typed initials only; checks with
 * poppler that every page of the original shows each signer's initials inside their field.
 */
async function expectInitialsOnEveryPage(source: Uint8Array, pageCount: number): Promise<void> {
  const inspected = await inspector.inspect(source);
  if (!inspected.ok) throw new Error(inspected.message);
  const prepared = await prepare(source, 2, inspected);
  const initials = prepared.fields.filter((f) => f.kind === 'initials');
  const fields: FinalizeField[] = initials.map((f) => ({
    page: f.page,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    type: 'initials',
    value: null,
    signature: { kind: 'typed', value: `ZK${f.signer}` },
  }));
  const result = await finalize(
    prepared.bytes,
    {
      fields,
      audit: {
        sessionId: 'b7c1d2e3-0000-4000-8000-000000000001',
        status: 'completed',
        completedAt: new Date('2025-06-01T10:00:00Z'),
        originalSha256: 'cd'.repeat(32),
        signers: [],
      },
    },
    seal,
  );
  const file = write(result.bytes);
  for (let page = 1; page <= pageCount; page++) {
    const { words, errors } = popplerWords(file, page);
    expect(errors, `page ${page}`).not.toContain(POPPLER_UNDERFLOW);
    for (const signer of [0, 1]) {
      const field = initials.find((f) => f.page === page && f.signer === signer);
      expect(field, `initials of signer ${signer} on page ${page}`).toBeDefined();
      const word = words.find((w) => w.text === `ZK${signer}`);
      expect(word, `page ${page} shows ZK${signer}`).toBeDefined();
      expect(inside(word!.box, field!), `ZK${signer} inside its field on page ${page}`).toBe(true);
    }
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'unbalanced-'));
  inspector = createInspector({ poolSize: 1 });
  seal = {
    ...testSealIdentity('Countersign Test Seal'),
    reason: 'Completed',
    name: 'Countersign',
    location: 'Test',
  };
});

afterAll(async () => {
  await inspector?.close();
  await closeDetector();
  rmSync(dir, { recursive: true, force: true });
});

describe('drawing on pages with unbalanced q/Q', { timeout: 120_000 }, () => {
  it('the fixture really trips poppler: its own content has a Q with nothing to restore', async () => {
    const created = await PDFDocument.create();
    await rawPage(created, PAGES['an extra Q']);
    // Loaded again, pdf-lib wraps the content in its own q ... Q before drawing after it, as finalize did.
    const doc = await PDFDocument.load(await created.save());
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.getPage(0).drawText('Drawn after', { x: 72, y: 600, size: 12, font });
    const { words, errors } = popplerWords(write(await doc.save()), 1);
    expect(errors).toContain(POPPLER_UNDERFLOW);
    expect(words.map((w) => w.text)).not.toContain('after');
  });

  it('finalize stamps initials that poppler draws, inside their fields, on every page', async () => {
    const doc = await PDFDocument.create();
    for (const content of Object.values(PAGES)) await rawPage(doc, content);
    await expectInitialsOnEveryPage(await doc.save(), Object.keys(PAGES).length);
  });

  it.skipIf(!existsSync(CORPUS_FILE))(
    'finalize stamps initials that poppler draws on every page of pdf.js issue1350 (corpus)',
    async () => {
      await expectInitialsOnEveryPage(new Uint8Array(readFileSync(CORPUS_FILE)), 3);
    },
  );
  if (!existsSync(CORPUS_FILE)) {
    console.warn(`[pdf-engine] ${CORPUS_FILE} NOT FOUND: the issue1350 check was skipped.`);
  }

  it('detection covers tags with white that poppler draws, even after an extra Q', async () => {
    // A tag inside a form XObject can only be covered; the page's own content then restores once too often.
    const inner = await PDFDocument.create();
    const font = await inner.embedFont(StandardFonts.Helvetica);
    inner.addPage([612, 792]).drawText('Name {{Name;role=Buyer}} here', { x: 72, y: 700, size: 12, font });
    const outer = await PDFDocument.create();
    const [embedded] = await outer.embedPdf(await inner.save());
    const page = outer.addPage([612, 792]);
    page.drawPage(embedded!);
    const contents = page.node.Contents() as PDFArray;
    contents.push(outer.context.register(outer.context.stream('\nQ\n')));
    const source = await outer.save();
    const inspected = await inspector.inspect(source);
    if (!inspected.ok) throw new Error(inspected.message);
    const result = await detectFields(source, inspected.pages);
    expect(result.tags).toEqual([expect.objectContaining({ hiding: 'covered' })]);
    const box = result.tags[0]!.box;
    const dpi = 50;
    const darkest = (bytes: Uint8Array) => {
      const root = write(bytes).slice(0, -4);
      execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', `${root}.pdf`, root], {
        stdio: 'pipe',
      });
      const pgm = readFileSync(`${root}.pgm`);
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
      const width = Number(header[1]);
      const data = pgm.subarray(header[0].length);
      const s = dpi / 72;
      let min = 255;
      for (let y = Math.floor(box.y * s); y < Math.ceil((box.y + box.height) * s); y++) {
        for (let x = Math.floor(box.x * s); x < Math.ceil((box.x + box.width) * s); x++) {
          min = Math.min(min, data[y * width + x]!);
        }
      }
      return min;
    };
    expect(darkest(source)).toBeLessThan(128);
    expect(darkest(result.prepared!)).toBeGreaterThanOrEqual(250);
  });
});
