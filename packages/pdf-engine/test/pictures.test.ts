/**
 * Looks at real renderings. Prepared documents get every field painted in magenta, poppler's
 * pdftoppm renders them at 50 dpi, and the pixels must show each field exactly where its
 * display coordinates say, on the page; pdf.js's own text positions must not meet initials.
 * One run's images are kept in /tmp/pdf-engine-pictures/ for people to look at.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInspector,
  type FieldPlacement,
  type InspectOk,
  type Inspector,
  type Prepared,
  prepare,
  type Rect,
} from '../src/index.ts';
import { drawFieldMarks, MARK_COLOR, type MakePdfOptions, makePdf } from '../src/testing/index.ts';
import { overlaps } from './field-checks.ts';
import { openPdf } from './pdfjs.ts';

const run = promisify(execFile);
const DPI = 50;
const SCALE = DPI / 72;
const KEEP_DIR = '/tmp/pdf-engine-pictures';

const CASES: Record<string, MakePdfOptions> = {
  plain: {},
  rotated: { rotate: 90 },
  cropped: { cropBox: [60, 100, 520, 700], margin: 120 },
  'rotated-cropped': { rotate: 270, cropBox: [40, 60, 560, 740], margin: 96 },
};

interface Rendered {
  prepared: Prepared;
  pages: InspectOk['pages'];
  images: PNG[];
}

let inspector: Inspector;
let dir: string;
const rendered = new Map<string, Rendered>();

function requirePdftoppm(): void {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'pdftoppm was not found: the picture test needs poppler-utils (Debian: apt-get install -y poppler-utils).',
    );
  }
}

async function accepted(bytes: Uint8Array): Promise<InspectOk> {
  const result = await inspector.inspect(bytes);
  if (!result.ok) throw new Error(result.message);
  return result;
}

beforeAll(async () => {
  requirePdftoppm();
  inspector = createInspector({ poolSize: 1 });
  dir = await mkdtemp(join(tmpdir(), 'pdf-engine-pictures-'));
  await Promise.all(
    Object.entries(CASES).map(async ([name, options]) => {
      const source = await makePdf(options);
      const prepared = await prepare(source, 3, await accepted(source));
      // Inspect the prepared file too: its geometry covers the appended signature page.
      const { pages } = await accepted(prepared.bytes);
      const marked = await drawFieldMarks(prepared.bytes, prepared.fields, pages);
      await writeFile(join(dir, `${name}.pdf`), marked);
      // -cropbox: show what viewers show (pdftoppm renders the media box by default).
      await run('pdftoppm', [
        '-r',
        String(DPI),
        '-png',
        '-cropbox',
        join(dir, `${name}.pdf`),
        join(dir, name),
      ]);
      const own = new RegExp(`^${name}-\\d+\\.png$`);
      const files = (await readdir(dir)).filter((f) => own.test(f)).sort();
      const images = await Promise.all(files.map(async (f) => PNG.sync.read(await readFile(join(dir, f)))));
      rendered.set(name, { prepared, pages, images });
    }),
  );
  await mkdir(KEEP_DIR, { recursive: true });
  for (const f of await readdir(dir)) if (f.endsWith('.png')) await copyFile(join(dir, f), join(KEEP_DIR, f));
}, 240_000);

afterAll(async () => {
  await inspector?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const isMark = (png: PNG, x: number, y: number) => {
  const i = (png.width * y + x) * 4;
  const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
  return (
    Math.abs(r - MARK_COLOR.r) < 40 && Math.abs(g - MARK_COLOR.g) < 60 && Math.abs(b - MARK_COLOR.b) < 40
  );
};

function markShare(png: PNG, r: Rect): number {
  let marked = 0;
  let total = 0;
  for (let y = Math.ceil(r.y * SCALE) + 1; y < Math.floor((r.y + r.height) * SCALE) - 1; y++) {
    for (let x = Math.ceil(r.x * SCALE) + 1; x < Math.floor((r.x + r.width) * SCALE) - 1; x++) {
      total++;
      if (isMark(png, x, y)) marked++;
    }
  }
  return total === 0 ? 1 : marked / total;
}

function strayMarks(png: PNG, fields: FieldPlacement[]): number {
  const near = (x: number, y: number) =>
    fields.some(
      (f) =>
        x >= f.x * SCALE - 2 &&
        x <= (f.x + f.width) * SCALE + 2 &&
        y >= f.y * SCALE - 2 &&
        y <= (f.y + f.height) * SCALE + 2,
    );
  let stray = 0;
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) if (isMark(png, x, y) && !near(x, y)) stray++;
  return stray;
}

describe('rendered fields', { timeout: 60_000 }, () => {
  for (const name of Object.keys(CASES)) {
    it(`${name}: every field is painted on its page, where its coordinates say, and nowhere else`, () => {
      const { prepared, pages, images } = rendered.get(name)!;
      expect(images).toHaveLength(prepared.pageCount);
      for (const [index, png] of images.entries()) {
        const page = pages[index]!;
        // the rendering is the displayed page: same size (within a pixel of rounding)
        expect(Math.abs(png.width - page.width * SCALE)).toBeLessThanOrEqual(1.5);
        expect(Math.abs(png.height - page.height * SCALE)).toBeLessThanOrEqual(1.5);
        const fields = prepared.fields.filter((f) => f.page === index + 1);
        expect(fields.length).toBeGreaterThan(0);
        for (const field of fields) {
          expect(field.x).toBeGreaterThanOrEqual(0);
          expect(field.y).toBeGreaterThanOrEqual(0);
          expect((field.x + field.width) * SCALE).toBeLessThanOrEqual(png.width + 1);
          expect((field.y + field.height) * SCALE).toBeLessThanOrEqual(png.height + 1);
          expect(
            markShare(png, field),
            `${name} page ${index + 1} ${field.kind} of signer ${field.signer}`,
          ).toBeGreaterThan(0.9);
        }
        expect(strayMarks(png, fields)).toBe(0);
      }
    });

    it(`${name}: no initials field touches text (pdf.js text positions)`, async () => {
      const { prepared } = rendered.get(name)!;
      const doc = await openPdf(prepared.bytes);
      const page = await doc.getPage(1);
      const viewport = page.getViewport({ scale: 1 });
      const text = await page.getTextContent();
      const boxes: Rect[] = [];
      for (const item of text.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [, , , , e, f] = item.transform as number[];
        const [x0, y0, x1, y1] = viewport.convertToViewportRectangle([
          e!,
          f! - 0.25 * item.height,
          e! + item.width,
          f! + item.height,
        ]) as number[];
        boxes.push({
          x: Math.min(x0!, x1!),
          y: Math.min(y0!, y1!),
          width: Math.abs(x1! - x0!),
          height: Math.abs(y1! - y0!),
        });
      }
      await doc.destroy();
      expect(boxes.length).toBeGreaterThan(20);
      const initials = prepared.fields.filter((f) => f.page === 1 && f.kind === 'initials');
      expect(initials).toHaveLength(3);
      for (const field of initials) expect(boxes.filter((b) => overlaps(b, field))).toEqual([]);
    });
  }
});
