import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditInput,
  checkDrawnSignature,
  displayRectToUserBox,
  type FinalizeField,
  type FinalizeResult,
  finalize,
  PdfEngineError,
  type SealOptions,
  sha256Hex,
} from '../src/index.ts';
import { openPdf } from './pdfjs.ts';
import { pdfsig, testSealIdentity } from './seal-fixtures.ts';

const DPI = 50;
const PX = DPI / 72;

let dir: string;
let sealOptions: SealOptions;
let prepared: Uint8Array;
let result: FinalizeResult;

/** A drawn signature as a signature pad sends it: dark strokes on a transparent background. */
function drawnSignature(): string {
  const png = new PNG({ width: 300, height: 100 });
  for (let x = 10; x < 290; x++) {
    const y = Math.round(50 + 30 * Math.sin(x / 25));
    for (let dy = -2; dy <= 2; dy++) {
      const i = ((y + dy) * 300 + x) * 4;
      png.data.set([20, 30, 110, 255], i);
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/**
 * Four pages: plain Letter; /Rotate 90; a crop box offset from the media box; /UserUnit 2
 * (a 306 x 396 unit page shown as 612 x 792 points).
 */
async function preparedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const plain = doc.addPage([612, 792]);
  plain.drawText('Page one of the agreement', { x: 72, y: 720, size: 18, font });
  const rotated = doc.addPage([612, 792]);
  rotated.setRotation(degrees(90));
  rotated.drawText('Page two, rotated', { x: 72, y: 720, size: 18, font });
  const cropped = doc.addPage([612, 792]);
  cropped.setCropBox(100, 150, 350, 500);
  cropped.drawText('Page three, cropped', { x: 120, y: 600, size: 18, font });
  const scaled = doc.addPage([306, 396]);
  scaled.node.set(PDFName.of('UserUnit'), PDFNumber.of(2));
  scaled.drawText('Page four, UserUnit 2', { x: 20, y: 360, size: 9, font });
  return doc.save();
}

const fields: FinalizeField[] = [
  { page: 1, x: 72, y: 120, width: 220, height: 24, type: 'text', value: 'Hello Countersign' },
  { page: 1, x: 320, y: 120, width: 200, height: 24, type: 'text', value: null },
  { page: 1, x: 72, y: 160, width: 20, height: 20, type: 'checkbox', value: 'true' },
  { page: 1, x: 110, y: 160, width: 20, height: 20, type: 'checkbox', value: 'false' },
  { page: 1, x: 72, y: 200, width: 220, height: 20, type: 'email', value: 'jane@example.com' },
  { page: 1, x: 320, y: 200, width: 120, height: 20, type: 'date', value: '2025-06-01' },
  {
    page: 1,
    x: 72,
    y: 240,
    width: 90,
    height: 16,
    type: 'text',
    value: 'A very long value that cannot fit in this box',
  },
  { page: 1, x: 320, y: 240, width: 200, height: 20, type: 'name', value: 'Łukasz Żółć' },
  { page: 2, x: 500, y: 80, width: 220, height: 24, type: 'name', value: 'Jane Q. Signer' },
  {
    page: 2,
    x: 480,
    y: 420,
    width: 240,
    height: 60,
    type: 'signature',
    value: null,
    signature: { kind: 'typed', value: 'Jane Signature' },
  },
  {
    page: 3,
    x: 30,
    y: 300,
    width: 200,
    height: 70,
    type: 'signature',
    value: null,
    signature: { kind: 'drawn', value: '' },
  },
  {
    page: 3,
    x: 280,
    y: 440,
    width: 50,
    height: 40,
    type: 'initials',
    value: null,
    signature: { kind: 'typed', value: 'JQS' },
  },
  { page: 4, x: 400, y: 700, width: 180, height: 24, type: 'text', value: 'UserUnit value' },
];

const audit: AuditInput = {
  sessionId: '0f8e4a52-6f1e-4d43-9a55-2f7d7d0c9b1e',
  sessionTitle: 'Mutual NDA',
  documentName: 'nda.pdf',
  status: 'completed',
  completedAt: new Date('2025-06-01T10:20:30Z'),
  originalSha256: 'ab'.repeat(32),
  signers: [
    {
      name: 'Jane Q. Signer',
      email: 'jane@example.com',
      verification: 'one-time-code',
      ip: '203.0.113.7',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      sentAt: new Date('2025-06-01T09:00:00Z'),
      viewedAt: new Date('2025-06-01T09:05:00Z'),
      signedAt: new Date('2025-06-01T09:10:00Z'),
    },
    {
      name: 'Иван Петров',
      email: 'ivan@example.org',
      verification: 'none',
      ip: '2001:db8::42',
      userAgent: null,
      sentAt: null,
      viewedAt: new Date('2025-06-01T10:00:00Z'),
      signedAt: new Date('2025-06-01T10:20:00Z'),
    },
  ],
};

/** Every page rendered as pdftoppm shows it (crop box, rotation applied), decoded. */
function render(bytes: Uint8Array, name: string, pages: number): PNG[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', [
    '-r',
    String(DPI),
    '-png',
    '-cropbox',
    '-l',
    String(pages),
    file,
    join(dir, name),
  ]);
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => PNG.sync.read(readFileSync(join(dir, f))));
}

async function pageText(bytes: Uint8Array, page: number): Promise<string> {
  const doc = await openPdf(bytes);
  try {
    const content = await (await doc.getPage(page)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  } finally {
    await doc.destroy();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'finalize-'));
  sealOptions = {
    ...testSealIdentity('Countersign Test Seal'),
    reason: 'Completed with Countersign',
    name: 'Countersign',
    location: 'Test',
  };
  prepared = await preparedPdf();
  fields[10]!.signature!.value = drawnSignature();
  result = await finalize(prepared, { fields, audit }, sealOptions);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('finalize', () => {
  it('seals the result: pdfsig finds a valid PAdES signature over the whole file', () => {
    const report = pdfsig(dir, result.bytes);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(result.sha256).toBe(sha256Hex(result.bytes));
  });

  it('a one-byte change inside the signed range makes the signature invalid', () => {
    const tampered = result.bytes.slice();
    // Inside the stamped content, which the signature covers like everything else.
    const at = Math.floor(result.contentLength / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const report = pdfsig(dir, tampered);
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Signature is Invalid|Digest Mismatch/);
  });

  it('the signed content is the start of the file and contentSha256 is its hash', async () => {
    const content = result.bytes.subarray(0, result.contentLength);
    expect(sha256Hex(content)).toBe(result.contentSha256);
    // A PDF on its own: the stamped pages, without the certificate.
    const stamped = await PDFDocument.load(content);
    expect(stamped.getPageCount()).toBe(4);
    expect(await pageText(content, 1)).toContain('Hello Countersign');
  });

  it('stamps values inside their rectangles and nowhere else, on rotated and cropped pages too', () => {
    const before = render(prepared, 'before', 3);
    const after = render(result.bytes, 'after', 3);
    for (const [i, page] of after.entries()) {
      const original = before[i]!;
      expect([page.width, page.height]).toEqual([original.width, original.height]);
      const onPage = fields.filter((f) => f.page === i + 1);
      const changedIn = new Map(onPage.map((f) => [f, 0]));
      const inkColumns = new Map(onPage.map((f) => [f, new Set<number>()]));
      let outside = 0;
      for (let y = 0; y < page.height; y++) {
        for (let x = 0; x < page.width; x++) {
          const k = (y * page.width + x) * 4;
          const diff = Math.max(
            Math.abs(page.data[k]! - original.data[k]!),
            Math.abs(page.data[k + 1]! - original.data[k + 1]!),
            Math.abs(page.data[k + 2]! - original.data[k + 2]!),
          );
          if (diff < 40) continue;
          // Display points to pixels; 2 px of tolerance for anti-aliasing at the edges.
          const field = onPage.find(
            (f) =>
              x >= f.x * PX - 2 &&
              x <= (f.x + f.width) * PX + 2 &&
              y >= f.y * PX - 2 &&
              y <= (f.y + f.height) * PX + 2,
          );
          if (field) {
            changedIn.set(field, changedIn.get(field)! + 1);
            inkColumns.get(field)!.add(x);
          } else outside++;
        }
      }
      expect(outside, `changed pixels outside the fields on page ${i + 1}`).toBe(0);
      // Every glyph drawn, not only some: the embedded subset keeps each used glyph's outline.
      const unicode = onPage.find((f) => f.value === 'Łukasz Żółć');
      if (unicode) expect(inkColumns.get(unicode)!.size).toBeGreaterThan(30);
      for (const [field, count] of changedIn) {
        const blank = !field.signature && (field.value === null || field.value === 'false');
        if (blank) expect(count, `blank ${field.type} on page ${i + 1}`).toBe(0);
        else expect(count, `${field.type} "${field.value}" on page ${i + 1}`).toBeGreaterThan(5);
      }
    }
  });

  it('writes the values as text that can be extracted, wrapping long ones whole', async () => {
    const first = await pageText(result.bytes, 1);
    for (const value of ['Hello Countersign', 'jane@example.com', '2025-06-01', 'Łukasz Żółć']) {
      expect(first).toContain(value);
    }
    // Shrunk, then wrapped: every word is there, nothing ends in an ellipsis.
    expect(first.replace(/\s+/g, ' ')).toContain('A very long value that cannot fit in this box');
    expect(first).not.toContain('…');
    const second = await pageText(result.bytes, 2);
    expect(second).toContain('Jane Q. Signer');
    expect(second.replace(/\s+/g, '')).toContain('JaneSignature');
    expect(await pageText(result.bytes, 3)).toContain('JQS');
  });

  it('places values on a /UserUnit page in true points', async () => {
    const doc = await openPdf(result.bytes);
    const page = await doc.getPage(4);
    const item = (await page.getTextContent()).items.find((i) => 'str' in i && i.str === 'UserUnit value');
    await doc.destroy();
    expect(item && 'transform' in item).toBe(true);
    const [x, y] = (item as { transform: number[] }).transform.slice(4) as [number, number];
    const field = fields.find((f) => f.page === 4)!;
    const [x0, y0, x1, y1] = displayRectToUserBox(
      { cropBox: [0, 0, 306, 396], rotation: 0, userUnit: 2 },
      field,
    );
    expect(x).toBeGreaterThanOrEqual(x0);
    expect(x).toBeLessThan(x1);
    expect(y).toBeGreaterThanOrEqual(y0);
    expect(y).toBeLessThan(y1);
  });

  it('appends the audit certificate last, with every signer and both hashes', async () => {
    const doc = await PDFDocument.load(result.bytes);
    const count = doc.getPageCount();
    expect(count).toBeGreaterThanOrEqual(5);
    const text = await pageText(result.bytes, count);
    const all = [await pageText(result.bytes, 5), text].join('\n');
    for (const expected of [
      'Certificate of completion',
      audit.sessionId,
      'Jane Q. Signer',
      'jane@example.com',
      '203.0.113.7',
      'One-time code sent to jane@example.com',
      'Иван Петров',
      'ivan@example.org',
      '2001:db8::42',
      'None (public link)',
      '2025-06-01 09:10:00 UTC',
      audit.originalSha256,
      result.contentSha256,
      `the first ${result.contentLength} bytes of this PDF file`,
    ]) {
      expect(all).toContain(expected);
    }
  });

  it('adds no form fields but the seal, and no widgets on the stamped pages', async () => {
    const doc = await PDFDocument.load(result.bytes);
    const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
    const formFields = acroForm.lookup(PDFName.of('Fields'), PDFArray);
    expect(formFields.size()).toBe(1);
    expect(formFields.lookup(0, PDFDict).get(PDFName.of('FT'))).toBe(PDFName.of('Sig'));
    for (const page of doc.getPages().slice(0, 4)) {
      expect(page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.size() ?? 0).toBe(0);
    }
    expect(spawnSync('qpdf', ['--check', join(dir, 'after.pdf')]).status).toBe(0);
  });

  it('rejects fields it cannot place and drawings that are not PNGs', async () => {
    const off = { page: 9, x: 0, y: 0, width: 10, height: 10, type: 'text' as const, value: 'x' };
    await expect(finalize(prepared, { fields: [off], audit }, sealOptions)).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    const badDrawing: FinalizeField = {
      ...off,
      page: 1,
      type: 'signature',
      signature: { kind: 'drawn', value: 'data:image/png;base64,bm90IGEgcG5n' },
    };
    await expect(finalize(prepared, { fields: [badDrawing], audit }, sealOptions)).rejects.toBeInstanceOf(
      PdfEngineError,
    );
  });

  it('embeds an RGB drawing short of pixel rows, which checkDrawnSignature refuses at signing', async () => {
    // Accepted by signing before the check existed: its session must still complete.
    const rgb = new PNG({ width: 200, height: 60, colorType: 2 });
    rgb.data.fill(255);
    const full = PNG.sync.write(rgb, { colorType: 2 });
    const idat = full.indexOf('IDAT', 0, 'latin1') - 4;
    const length = full.readUInt32BE(idat);
    const short = deflateSync(inflateSync(full.subarray(idat + 8, idat + 8 + length)).subarray(0, 59 * 601));
    const chunk = Buffer.alloc(12 + short.length);
    chunk.writeUInt32BE(short.length, 0);
    chunk.write('IDAT', 4, 'latin1');
    short.copy(chunk, 8);
    const png = Buffer.concat([full.subarray(0, idat), chunk, full.subarray(idat + 12 + length)]);
    const value = `data:image/png;base64,${png.toString('base64')}`;
    await expect(checkDrawnSignature(value)).rejects.toMatchObject({ code: 'invalid-argument' });
    const field: FinalizeField = {
      page: 1,
      x: 10,
      y: 10,
      width: 100,
      height: 30,
      type: 'signature',
      value: null,
      signature: { kind: 'drawn', value },
    };
    const result = await finalize(prepared, { fields: [field], audit }, sealOptions);
    expect(result.bytes.byteLength).toBeGreaterThan(0);
  });
});
