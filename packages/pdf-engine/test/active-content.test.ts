import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, type PDFObject, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeContentKinds,
  activeContentLabels,
  activeContentOf,
  finalize,
  generateSealCertificate,
  inspect,
  prepare,
  type SealOptions,
} from '../src/index.ts';
import { openPdf } from './pdfjs.ts';

// Clean inputs: every kind of active content in one generated PDF, removed by prepare (judged afterwards with
// pdf.js, qpdf and the raw bytes), named on the sealed certificate; a clean PDF is left alone.

let dir: string;
let seal: SealOptions;

/** A two-page PDF carrying every kind of active content we remove, plus a safe https link that must stay. */
async function dirtyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const one = doc.addPage([612, 792]);
  one.drawText('Agreement with active content', { x: 72, y: 720, size: 16, font });
  doc.addPage([612, 792]).drawText('Page two', { x: 72, y: 720, size: 16, font });
  const ctx = doc.context;
  const js = (code: string) => ctx.register(ctx.obj({ S: 'JavaScript', JS: PDFString.of(code) }));
  const exe = ctx.stream('MZ-evil-executable-bytes', { Type: 'EmbeddedFile' });
  const spec = () =>
    ctx.register(ctx.obj({ Type: 'Filespec', F: PDFString.of('evil.exe'), EF: { F: ctx.register(exe) } }));
  doc.catalog.set(PDFName.of('OpenAction'), js('app.alert("open")'));
  doc.catalog.set(PDFName.of('AA'), ctx.obj({ WC: js('app.alert("close")') }));
  doc.catalog.set(
    PDFName.of('Names'),
    ctx.obj({
      JavaScript: ctx.obj({ Names: [PDFString.of('init'), js('app.alert("names")')] }),
      EmbeddedFiles: ctx.obj({ Names: [PDFString.of('evil.exe'), spec()] }),
    }),
  );
  one.node.set(PDFName.of('AA'), ctx.obj({ O: js('app.alert("page")') }));
  const link = (action: { [key: string]: PDFObject | string }, y: number) =>
    ctx.register(
      ctx.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [72, y, 300, y + 20],
        Border: [0, 0, 0],
        A: ctx.obj(action),
      }),
    );
  one.node.set(
    PDFName.of('Annots'),
    ctx.obj([
      link({ S: 'Launch', F: PDFString.of('calc.exe') }, 600),
      link({ S: 'URI', URI: PDFString.of(' JavaScript:alert(document.cookie)') }, 560),
      link({ S: 'URI', URI: PDFString.of('https://example.com/terms') }, 520),
      // A harmless action whose chain leads to JavaScript.
      link({ S: 'URI', URI: PDFString.of('https://example.com/next'), Next: js('app.alert("next")') }, 480),
      link({ S: 'SubmitForm', F: PDFString.of('https://collector.example/') }, 440),
      ctx.register(
        ctx.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [72, 400, 92, 420], FS: spec() }),
      ),
    ]),
  );
  return doc.save({ useObjectStreams: false });
}

async function cleanPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('A plain agreement', { x: 72, y: 720, size: 16, font });
  return doc.save();
}

function tool(name: string, args: string[], bytes: Uint8Array): { code: number | null; out: string } {
  const file = join(dir, `${name}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync(name, [...args, file], { encoding: 'utf8' });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** What pdf.js sees of active content: document scripts, open action, attachments, link targets. */
async function judgedByPdfJs(bytes: Uint8Array) {
  const doc = await openPdf(bytes);
  try {
    const annotations = [];
    for (let p = 1; p <= doc.numPages; p++)
      annotations.push(...(await (await doc.getPage(p)).getAnnotations()));
    return {
      jsActions: await doc.getJSActions(),
      openAction: await doc.getOpenAction(),
      attachments: await doc.getAttachments(),
      annotations: annotations.map((a) => ({
        subtype: a.subtype as string,
        url: (a.url ?? a.unsafeUrl ?? null) as string | null,
        action: (a.action ?? null) as string | null,
        actions: a.actions ?? null,
      })),
    };
  } finally {
    await doc.destroy();
  }
}

const RAW_MARKERS = [
  'app.alert',
  '/JavaScript',
  '/JS',
  '/Launch',
  'calc.exe',
  'javascript:',
  'MZ-evil',
  '/EmbeddedFile',
  '/OpenAction',
  '/AA',
  '/SubmitForm',
];
const rawHits = (bytes: Uint8Array) => {
  const text = Buffer.from(bytes).toString('latin1');
  return RAW_MARKERS.filter((m) => text.toLowerCase().includes(m.toLowerCase()));
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'active-content-'));
  const { p12, passphrase } = generateSealCertificate({
    commonName: 'Test Seal',
    organization: 'Test',
    keyBits: 2048,
  });
  seal = { p12, passphrase, reason: 'Signed', name: 'Countersign' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('active content', () => {
  it('the fixture really carries it (pdf.js sees scripts, attachments and dangerous links)', async () => {
    const source = await dirtyPdf();
    const seen = await judgedByPdfJs(source);
    expect(seen.jsActions).not.toBeNull();
    expect(Object.keys(seen.attachments ?? {})).toContain('evil.exe');
    expect(seen.annotations.map((a) => a.subtype)).toContain('FileAttachment');
    expect(rawHits(source).length).toBeGreaterThanOrEqual(8);
    // Every kind there is, in the order the engine lists them.
    expect((await activeContentOf(source)).kinds).toEqual([...activeContentKinds]);
  });

  it('prepare removes every kind, keeps the safe link, and the sealed certificate names what was removed', async () => {
    const source = await dirtyPdf();
    const judged = await inspect(source);
    if (!judged.ok) throw new Error(judged.message);
    const prepared = await prepare(source, 1, judged);
    expect(prepared.activeContentRemoved).toHaveLength(7);
    expect(rawHits(prepared.bytes)).toEqual([]);
    const seen = await judgedByPdfJs(prepared.bytes);
    expect(seen.jsActions).toBeNull();
    expect(seen.openAction).toBeNull();
    expect(seen.attachments).toBeNull();
    expect(seen.annotations.every((a) => a.actions === null && a.action === null)).toBe(true);
    expect(seen.annotations.map((a) => a.url).filter(Boolean)).toEqual([
      'https://example.com/terms',
      'https://example.com/next',
    ]);
    expect(seen.annotations.map((a) => a.subtype)).not.toContain('FileAttachment');
    expect((await activeContentOf(prepared.bytes)).kinds).toEqual([]);
    expect(tool('qpdf', ['--check'], prepared.bytes).code).toBe(0);

    const labels = prepared.activeContentRemoved.map((k) => activeContentLabels[k]);
    const final = await finalize(
      prepared.bytes,
      {
        fields: [],
        audit: {
          sessionId: 'a5a3b0f0-4b8e-4d38-9a52-7b7f1e0e2c11',
          status: 'completed',
          completedAt: new Date('2026-01-02T03:04:05Z'),
          originalSha256: judged.sha256,
          activeContentRemoved: labels,
          signers: [],
        },
      },
      seal,
    );
    expect(rawHits(final.bytes)).toEqual([]);
    expect(tool('qpdf', ['--check'], final.bytes).code).toBe(0);
    expect(tool('pdfsig', [], final.bytes).out).toContain('Signature is Valid.');
    const txtFile = join(dir, 'cert.txt');
    const pdfFile = join(dir, 'cert.pdf');
    writeFileSync(pdfFile, final.bytes);
    spawnSync('pdftotext', ['-f', String(prepared.pageCount + 1), pdfFile, txtFile]);
    const certificate = readFileSync(txtFile, 'utf8').replace(/\s+/g, ' ');
    expect(certificate).toContain('Active content removed');
    for (const label of [
      'open action',
      'JavaScript',
      'launch actions',
      'javascript: links',
      'embedded files',
    ])
      expect(certificate).toContain(label);
  }, 60_000);

  it('a clean PDF: nothing found, template cleaning returns the very same bytes', async () => {
    const source = await cleanPdf();
    const result = await activeContentOf(source, true);
    expect(result.kinds).toEqual([]);
    expect(result.bytes).toBe(source);
    const judged = await inspect(source);
    if (!judged.ok) throw new Error(judged.message);
    expect((await prepare(source, 1, judged)).activeContentRemoved).toEqual([]);
  });

  it('template cleaning (remove) rewrites a dirty PDF without any of it', async () => {
    const cleaned = await activeContentOf(await dirtyPdf(), true);
    expect(cleaned.kinds).toHaveLength(7);
    expect(rawHits(cleaned.bytes)).toEqual([]);
    expect((await activeContentOf(cleaned.bytes)).kinds).toEqual([]);
    expect((await PDFDocument.load(cleaned.bytes)).getPageCount()).toBe(2);
  });
});
