import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDefaultInspector,
  closeDetector,
  type DetectResult,
  detectFields,
  inspect,
  type PageGeometry,
  type Rect,
} from '../src/index.ts';
import { addSignatureFormField, textFieldPdf } from '../src/testing/index.ts';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'detect-test-'));
});
afterAll(async () => {
  await closeDetector();
  await closeDefaultInspector();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function pagesOf(bytes: Uint8Array): Promise<PageGeometry[]> {
  const result = await inspect(bytes);
  if (!result.ok) throw new Error(result.message);
  return result.pages;
}

async function detect(bytes: Uint8Array): Promise<DetectResult> {
  return detectFields(bytes, await pagesOf(bytes));
}

/** A page rendered by poppler at `dpi` as 8-bit gray, with a way to read a display-space region. */
function render(bytes: Uint8Array, page: number, dpi = 50) {
  const file = path.join(dir, `r${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const root = file.slice(0, -4);
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-gray',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    root,
  ]);
  const pgm = fs.readFileSync(`${root}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const data = pgm.subarray(header[0].length);
  const scale = dpi / 72;
  return {
    /** Darkest pixel (0 black .. 255 white) inside a display rectangle in points. */
    darkest(r: Rect): number {
      let min = 255;
      const x0 = Math.max(0, Math.floor(r.x * scale));
      const x1 = Math.min(width, Math.ceil((r.x + r.width) * scale));
      const y0 = Math.max(0, Math.floor(r.y * scale));
      const y1 = Math.min(height, Math.ceil((r.y + r.height) * scale));
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) min = Math.min(min, data[y * width + x]!);
      return min;
    },
  };
}

function pdftotext(bytes: Uint8Array): string {
  const file = path.join(dir, `t${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

/** Draws `parts` one after another on one line, as separate text operators (a tag split by a word processor). */
function drawRun(page: PDFPage, font: PDFFont, parts: string[], x: number, y: number, size = 12): void {
  let at = x;
  for (const part of parts) {
    page.drawText(part, { x: at, y, size, font });
    at += font.widthOfTextAtSize(part, size);
  }
}

describe('AcroForm fields', () => {
  let result: DetectResult;
  let rotated: DetectResult;

  beforeAll(async () => {
    const { doc, page, form } = await textFieldPdf('Client:Full name');
    form.createCheckBox('Agree').addToPage(page, { x: 72, y: 650, width: 15, height: 15, borderWidth: 0 });
    form
      .createDropdown('Country')
      .addToPage(page, { x: 300, y: 650, width: 100, height: 20, borderWidth: 0 });
    const plan = form.createRadioGroup('Plan');
    plan.addOptionToPage('basic', page, { x: 72, y: 600, width: 12, height: 12, borderWidth: 0 });
    plan.addOptionToPage('pro', page, { x: 100, y: 600, width: 12, height: 12, borderWidth: 0 });
    form.createButton('Submit').addToPage('Go', page, { x: 72, y: 550, width: 60, height: 20 });
    addSignatureFormField(doc, page, 'Client:Signature');
    result = await detect(await doc.save());

    const turned = await PDFDocument.create();
    const p = turned.addPage([612, 792]);
    p.setRotation(degrees(90));
    turned
      .getForm()
      .createTextField('Memo')
      .addToPage(p, { x: 72, y: 500, width: 200, height: 20, borderWidth: 0 });
    rotated = await detect(await turned.save());
  });

  it('maps each kind of form field to a template field type', () => {
    const byLabel = Object.fromEntries(result.fields.map((f) => [f.label, f]));
    expect(Object.keys(byLabel).sort()).toEqual(['Agree', 'Country', 'Full name', 'Plan', 'Signature']);
    expect(byLabel['Full name']).toMatchObject({
      type: 'text',
      role: 'Client',
      source: 'acroform',
      origin: 'Client:Full name',
    });
    expect(byLabel.Agree).toMatchObject({ type: 'checkbox', role: null });
    expect(byLabel.Country).toMatchObject({ type: 'text', role: null });
    expect(byLabel.Signature).toMatchObject({ type: 'signature', role: 'Client' });
    // A radio group is one field, at its first option.
    expect(result.fields.filter((f) => f.label === 'Plan')).toHaveLength(1);
    expect(byLabel.Plan).toMatchObject({ type: 'text', x: 72, y: 792 - 612, width: 12, height: 12 });
    expect(result.tags).toEqual([]);
    expect(result.prepared).toBeNull();
  });

  it('converts widget rectangles to display coordinates (top-left origin)', () => {
    const name = result.fields.find((f) => f.label === 'Full name');
    expect(name).toMatchObject({ page: 1, x: 72, y: 792 - 720, width: 200, height: 20 });
    const sig = result.fields.find((f) => f.label === 'Signature');
    expect(sig).toMatchObject({ x: 72, y: 792 - 140, width: 200, height: 40 });
  });

  it('follows page rotation: a 90-degree page is shown 792 wide and 612 tall', () => {
    // User space (x, y) on a page turned clockwise shows at (y, x) from the top-left.
    expect(rotated.fields).toEqual([
      expect.objectContaining({ label: 'Memo', page: 1, x: 500, y: 72, width: 20, height: 200 }),
    ]);
  });
});

describe('text tags', () => {
  let source: Uint8Array;
  let result: DetectResult;
  let font: PDFFont;

  beforeAll(async () => {
    const doc = await PDFDocument.create();
    font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    drawRun(page, font, ['Company: ', '{{Company;type=text;role=Client}}', ' Ltd, registered'], 72, 700);
    drawRun(page, font, ['Signed: ', '{{Sign;type=', 'signature;role=Client;required=false}}'], 72, 600);
    page.drawText('Agree {{Terms;type=checkbox;role=Client}} to the terms', {
      x: 72,
      y: 500,
      size: 12,
      font,
    });
    const second = doc.addPage([612, 792]);
    second.drawText('{{Date;type=date}}', { x: 400, y: 100, size: 10, font });
    source = await doc.save();
    result = await detect(source);
  });

  it('finds tags, also split over several text operators, with their options', () => {
    expect(result.problems).toEqual([]);
    expect(result.fields.map((f) => [f.label, f.type, f.role, f.required, f.page])).toEqual([
      ['Company', 'text', 'Client', null, 1],
      ['Sign', 'signature', 'Client', false, 1],
      ['Terms', 'checkbox', 'Client', null, 1],
      ['Date', 'date', null, null, 2],
    ]);
  });

  it("places each field at its tag, grown to the type's minimum size", () => {
    const [company, sign, terms, date] = result.fields;
    const tagX = 72 + font.widthOfTextAtSize('Company: ', 12);
    expect(company!.x).toBeCloseTo(tagX, 1);
    expect(
      Math.abs(company!.width - font.widthOfTextAtSize('{{Company;type=text;role=Client}}', 12)),
    ).toBeLessThan(1);
    expect(company!.y).toBeGreaterThan(792 - 700 - 12);
    expect(company!.y).toBeLessThan(792 - 700);
    // A signature sits on the tag's baseline and grows upwards to 36 points.
    expect(sign!.height).toBe(36);
    expect(sign!.y + sign!.height).toBeCloseTo(result.tags[1]!.box.y + result.tags[1]!.box.height, 1);
    // A checkbox is a square as tall as the tag.
    expect(terms!.width).toBe(terms!.height);
    expect(terms!.width).toBeLessThan(20);
    expect(date!).toMatchObject({ page: 2 });
    expect(date!.width).toBeGreaterThanOrEqual(70);
  });

  it('removes the tag text from the content stream, leaving everything else in place', async () => {
    expect(result.tags.map((t) => t.hiding)).toEqual(['removed', 'removed', 'removed', 'removed']);
    const prepared = result.prepared!;
    expect(prepared).toBeInstanceOf(Uint8Array);
    const text = pdftotext(prepared);
    expect(text).not.toContain('{{');
    expect(text).not.toContain('type=');
    expect(text).toMatch(/Company:\s+Ltd, registered/);
    expect(text).toMatch(/Agree\s+to the terms/);
    // pdf.js, reading the prepared file again, finds no tag (and so no field) at all.
    const again = await detect(prepared);
    expect(again.tags).toEqual([]);
    expect(again.fields).toEqual([]);
  });

  it('leaves the tag area blank in the rendered page and the text after it where it was', () => {
    const before = render(source, 1);
    const after = render(result.prepared!, 1);
    for (const tag of result.tags.filter((t) => t.page === 1)) {
      expect(before.darkest(tag.box)).toBeLessThan(128);
      expect(after.darkest(tag.box)).toBeGreaterThanOrEqual(250);
    }
    const tail = {
      x: 72 + font.widthOfTextAtSize('Company: {{Company;type=text;role=Client}}', 12),
      y: 80,
      width: 60,
      height: 14,
    };
    expect(after.darkest(tail)).toBeLessThan(128);
    expect(after.darkest(tail)).toBe(before.darkest(tail));
  });
});

describe('tags the content stream cannot give up', () => {
  it('covers a tag drawn inside a form XObject with white, which text extraction still sees', async () => {
    const inner = await PDFDocument.create();
    const f = await inner.embedFont(StandardFonts.Helvetica);
    inner.addPage([612, 792]).drawText('Name {{Name;role=Buyer}} here', { x: 72, y: 700, size: 12, font: f });
    const outer = await PDFDocument.create();
    const [embedded] = await outer.embedPdf(await inner.save());
    outer.addPage([612, 792]).drawPage(embedded!);
    const source = await outer.save();
    const result = await detect(source);
    expect(result.fields).toEqual([expect.objectContaining({ label: 'Name', role: 'Buyer', source: 'tag' })]);
    expect(result.tags).toEqual([expect.objectContaining({ hiding: 'covered' })]);
    const box = result.tags[0]!.box;
    expect(render(source, 1).darkest(box)).toBeLessThan(128);
    expect(render(result.prepared!, 1).darkest(box)).toBeGreaterThanOrEqual(250);
    // Covered, not removed: the words around it still render, and extraction still finds the tag text.
    expect(render(result.prepared!, 1).darkest({ x: 72, y: 80, width: 30, height: 14 })).toBeLessThan(128);
    expect(pdftotext(result.prepared!)).toContain('{{Name;role=Buyer}}');
  });

  it('reports malformed tags and prepares nothing', async () => {
    const doc = await PDFDocument.create();
    const f = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('{{;type=text}}', { x: 72, y: 700, size: 12, font: f });
    page.drawText('{{Size;type=huge}}', { x: 72, y: 650, size: 12, font: f });
    page.drawText('{{Color;colour=red}}', { x: 72, y: 600, size: 12, font: f });
    const result = await detect(await doc.save());
    expect(result.problems.map((p) => [p.page, p.text])).toEqual([
      [1, '{{;type=text}}'],
      [1, '{{Size;type=huge}}'],
      [1, '{{Color;colour=red}}'],
    ]);
    expect(result.problems[1]!.message).toContain('type "huge" is not one of');
    expect(result.problems[2]!.message).toContain('unknown key "colour"');
    expect(result.prepared).toBeNull();
  });
});
