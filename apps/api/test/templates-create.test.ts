import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listTemplates, loadTemplate } from '@countersign/core';
import { addSignatureFormField, textFieldPdf } from '@countersign/pdf-engine/testing';
import type {
  ErrorResponse,
  SessionsSendRejectedResponse,
  TemplateCreated,
  TemplateList,
} from '@countersign/schemas';
import { runCli, tempDir } from '@countersign/test-support';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEncryptedPdf } from './fixtures/pdfs.ts';
import { templatePdf, uploadTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let dir: string;

beforeAll(async () => {
  api = await startTestApi();
  account = await api.newAccount();
  dir = tempDir('countersign-templates-');
});
afterAll(() => api.close());

const upload = (
  manifest: unknown,
  files: { name: string; bytes: Uint8Array }[],
  token = account.accessToken,
) => uploadTemplate(api, token, manifest, files);

async function expectError(res: Response, status: number, error: string): Promise<string> {
  const body = (await res.json()) as ErrorResponse;
  expect({ status: res.status, error: body.error }).toEqual({ status, error });
  return body.message ?? '';
}

const templateCount = async () => (await listTemplates(api.runtime.ctx, account.accountId)).templates.length;

const storedDocument = async (templateId: string, filename: string) =>
  (await loadTemplate(api.runtime.ctx, account.accountId, templateId)).documents.find(
    (d) => d.filename === filename,
  )!;

/** The prepared PDF (what signers see) of a template's document. */
const preparedBytes = async (templateId: string, filename: string): Promise<Uint8Array> =>
  api.runtime.ctx.blobs.read((await storedDocument(templateId, filename)).preparedSha256);

/** Darkest gray level (0..255) poppler renders in a display rectangle (points) of page 1 at 50 dpi. */
function darkest(pdf: Uint8Array, r: { x: number; y: number; width: number; height: number }): number {
  const file = path.join(dir, `render-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const root = file.slice(0, -4);
  execFileSync('pdftoppm', ['-r', '50', '-gray', '-f', '1', '-l', '1', '-singlefile', file, root]);
  const pgm = fs.readFileSync(`${root}.pgm`);
  const [header, w] = /^P5\s+(\d+)\s+\d+\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const width = Number(w);
  const data = pgm.subarray(header.length);
  const s = 50 / 72;
  let min = 255;
  for (let y = Math.floor(r.y * s); y < Math.ceil((r.y + r.height) * s); y++) {
    for (let x = Math.floor(r.x * s); x < Math.ceil((r.x + r.width) * s); x++)
      min = Math.min(min, data[y * width + x]!);
  }
  return min;
}

function pdftotext(pdf: Uint8Array): string {
  const file = path.join(dir, `text-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}

/** Writes `parts` one after another on a line, as separate text operators (as word processors split tags). */
function line(page: PDFPage, font: PDFFont, parts: string[], x: number, y: number): void {
  let at = x;
  for (const part of parts) {
    page.drawText(part, { x: at, y, size: 12, font });
    at += font.widthOfTextAtSize(part, 12);
  }
}

const signature = (extra: Record<string, unknown> = {}) => ({
  label: 'Signature',
  type: 'signature',
  document: 'contract.pdf',
  page: 2,
  x: 72,
  y: 600,
  width: 180,
  height: 40,
  role: 'client',
  ...extra,
});

/** Two more fields of the consulting contract: one for nobody, one for the Consultant. */
const fee = {
  label: 'Fee',
  type: 'text',
  document: 'contract.pdf',
  page: 1,
  x: 300,
  y: 200,
  width: 100,
  height: 18,
};
const start = {
  label: 'Start',
  type: 'date',
  document: 'annex.pdf',
  page: 1,
  x: 72,
  y: 100,
  width: 80,
  height: 18,
  role: 'Consultant',
  required: false,
};

/** Uploads a template of contract.pdf (2 pages) for role Client with one signature field, `change` applied. */
const uploadContract = async (change: Record<string, unknown>) =>
  upload({ name: 'Bad', documents: ['contract.pdf'], roles: ['Client'], fields: [signature()], ...change }, [
    { name: 'contract.pdf', bytes: await templatePdf(2, 'contract') },
  ]);

describe('POST /api/templates (multipart)', () => {
  it('creates a template from a manifest and PDFs and answers 201 with roles and fields', async () => {
    const res = await upload(
      {
        name: 'Consulting contract',
        documents: ['contract.pdf', 'annex.pdf'],
        roles: ['Client', 'Consultant'],
        fields: [signature(), fee, start],
      },
      [
        { name: 'contract.pdf', bytes: await templatePdf(2, 'contract') },
        { name: 'annex.pdf', bytes: await templatePdf(1, 'annex') },
      ],
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as TemplateCreated;
    expect(body.templateId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.roles).toEqual(['Client', 'Consultant']);
    // Template order: document, page, top, left; role labels canonical; `required` defaulted by role. Each
    // field keeps the document, page and rectangle it was given.
    expect(body.fields).toEqual([
      { ...fee, sendLabel: 'Fee', role: null, required: false, source: 'manifest' },
      { ...signature(), sendLabel: 'Signature', role: 'Client', required: true, source: 'manifest' },
      { ...start, sendLabel: 'Start', source: 'manifest' },
    ]);
    // Without tags, the prepared document is the source itself.
    const doc = await storedDocument(body.templateId, 'contract.pdf');
    expect(doc.preparedSha256).toBe(doc.sourceSha256);
    expect(doc.pageSizes).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
  });

  it('accepts the manifest as a file part and matches documents entries by their last path segment', async () => {
    const form = new FormData();
    form.append(
      'manifest',
      new Blob([JSON.stringify({ name: 'Paths', documents: ['in/a/folder/nda.pdf'], roles: ['Signer'] })]),
      'manifest.json',
    );
    form.append('documents', new Blob([Buffer.from(await templatePdf(1, 'nda'))]), 'nda.pdf');
    const res = await api.fetch('/api/templates', {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const list = (await (
      await api.fetch('/api/templates', { headers: { authorization: `Bearer ${account.accessToken}` } })
    ).json()) as TemplateList;
    expect(list.templates[0]).toMatchObject({
      name: 'Paths',
      documents: [{ filename: 'nda.pdf', pageCount: 1 }],
    });
  });

  it.each([
    [
      'a field on an unknown document',
      { fields: [signature({ document: 'other.pdf' })] },
      '"Signature" (Client) is on "other.pdf", which is not one of the template\'s documents (contract.pdf)',
    ],
    [
      'a page out of range',
      { fields: [signature({ page: 3 })] },
      '"Signature" (Client) is on page 3, which does not exist (the document has 2 pages)',
    ],
    [
      'a rectangle outside the page',
      { fields: [signature({ x: 500 })] },
      '"Signature" (Client) is partly off the page (x 500, y 600, 180 x 40 on a page of 612 x 792 points)',
    ],
    [
      'a role not in roles',
      { fields: [signature({ role: 'Witness' })] },
      '"Signature" (Witness) has role Witness, which is not one of the template\'s roles (Client)',
    ],
    [
      'duplicate roles',
      { roles: ['Client', 'CLIENT'] },
      'roles[1]: "CLIENT" repeats roles[0] (roles are matched ignoring case)',
    ],
    [
      'a signature without a role',
      { fields: [signature({ role: undefined })] },
      '"Signature" (filled by the sender) needs a role (only a signer can sign)',
    ],
    ['no role at all', { roles: [], fields: [] }, 'a template needs at least one role'],
    [
      'a repeated label clashing with a literal one',
      {
        fields: [
          {
            label: 'Name',
            type: 'text',
            document: 'contract.pdf',
            page: 1,
            x: 10,
            y: 10,
            width: 50,
            height: 10,
          },
          {
            label: 'Name',
            type: 'text',
            document: 'contract.pdf',
            page: 1,
            x: 10,
            y: 30,
            width: 50,
            height: 10,
          },
          {
            label: 'Name 2',
            type: 'text',
            document: 'contract.pdf',
            page: 2,
            x: 10,
            y: 10,
            width: 50,
            height: 10,
          },
        ],
      },
      '"Name 2" would address both the repeat of "Name" and the field labelled "Name 2"',
    ],
  ])('rejects %s with 400 template_invalid naming it, creating nothing', async (_name, change, message) => {
    const before = await templateCount();
    expect(await expectError(await uploadContract(change), 400, 'template_invalid')).toContain(message);
    expect(await templateCount()).toBe(before);
  });

  it('lists every problem at once', async () => {
    const res = await uploadContract({ fields: [signature({ page: 9 }), signature({ role: 'Nobody' })] });
    const message = await expectError(res, 400, 'template_invalid');
    expect(message).toContain('"Signature" (Client) is on page 9');
    expect(message).toContain('"Signature" (Nobody) has role Nobody');
    expect(message).not.toMatch(/fields\[/);
  });

  it.each([
    [
      'an empty label and a bad type',
      { fields: [signature({ label: '', type: 'stamp' })] },
      'manifest.fields[0].label: must not be empty; manifest.fields[0].type: must be one of: text, checkbox, date, signature, initials, name, email',
    ],
    ['an unknown property', { colour: 'red' }, 'manifest.colour: unknown property'],
    [
      'a negative width',
      { fields: [signature({ width: -5 })] },
      'manifest.fields[0].width: must be a number greater than 0',
    ],
    [
      'a fractional page',
      { fields: [signature({ page: 1.5 })] },
      'manifest.fields[0].page: must be an integer greater than 0',
    ],
  ])('rejects a manifest with %s with 400 invalid_request', async (_name, change, message) => {
    expect(await expectError(await uploadContract(change), 400, 'invalid_request')).toBe(message);
  });

  it('rejects upload mistakes with 400 invalid_request', async () => {
    const pdf = await templatePdf(1, 'x');
    const manifest = { name: 'T', documents: ['a.pdf'], roles: ['R'] };
    expect(
      await expectError(await upload('{not json', [{ name: 'a.pdf', bytes: pdf }]), 400, 'invalid_request'),
    ).toMatch(/^manifest: not valid JSON/);
    expect(await expectError(await upload(manifest, []), 400, 'invalid_request')).toContain(
      'documents: required',
    );
    expect(
      await expectError(await upload(manifest, [{ name: 'b.pdf', bytes: pdf }]), 400, 'invalid_request'),
    ).toBe('documents: no uploaded file for "a.pdf" (uploaded: "b.pdf")');
    expect(
      await expectError(
        await upload(manifest, [
          { name: 'a.pdf', bytes: pdf },
          { name: 'c.pdf', bytes: pdf },
        ]),
        400,
        'invalid_request',
      ),
    ).toBe('documents: "c.pdf" is not listed in the manifest\'s documents');
    const form = new FormData();
    form.append('manifest', JSON.stringify(manifest));
    form.append('documents', new Blob([Buffer.from(pdf)]), 'a.pdf');
    form.append('extra', 'x');
    const res = await api.fetch('/api/templates', {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}` },
      body: form,
    });
    expect(await expectError(res, 400, 'invalid_request')).toBe('extra: unknown property');
    const json = await api.post('/api/templates', manifest, account.accessToken);
    expect(json.status).toBe(400);
    expect(await expectError(await api.post('/api/templates', manifest), 401, 'unauthorized')).toContain(
      'missing',
    );
  });

  it('answers 422 documents_rejected for encrypted and unreadable PDFs and creates nothing', async () => {
    const before = await templateCount();
    const res = await upload(
      { name: 'T', documents: ['ok.pdf', 'locked.pdf', 'garbage.pdf'], roles: ['R'] },
      [
        { name: 'ok.pdf', bytes: await templatePdf(1, 'ok') },
        { name: 'locked.pdf', bytes: await makeEncryptedPdf() },
        { name: 'garbage.pdf', bytes: new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF') },
      ],
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as SessionsSendRejectedResponse;
    expect(body.error).toBe('documents_rejected');
    expect(body.failedDocuments).toEqual([
      { cloudFileId: null, filename: 'locked.pdf', reason: 'encrypted', message: expect.any(String) },
      { cloudFileId: null, filename: 'garbage.pdf', reason: 'load-failed', message: expect.any(String) },
    ]);
    expect(body.message).toContain('locked.pdf');
    expect(await templateCount()).toBe(before);
  });
});

describe('detection in the PDFs', () => {
  /** Uploads `doc` as the one document of a template for role Client, with no manifest fields. */
  const uploadForm = async (doc: PDFDocument) =>
    upload({ name: 'Form', documents: ['form.pdf'], roles: ['Client'] }, [
      { name: 'form.pdf', bytes: await doc.save() },
    ]);

  it('turns AcroForm fields into template fields, adding roles named Role:Label', async () => {
    const { doc, page, form } = await textFieldPdf('Company');
    form
      .createCheckBox('Witness:Present')
      .addToPage(page, { x: 72, y: 650, width: 14, height: 14, borderWidth: 0 });
    addSignatureFormField(doc, page, 'client:Signature');
    const res = await uploadForm(doc);
    expect(res.status).toBe(201);
    const body = (await res.json()) as TemplateCreated;
    // "client" matches the manifest's "Client"; "Witness" is new and comes after the manifest's roles.
    expect(body.roles).toEqual(['Client', 'Witness']);
    expect(
      body.fields.map((f) => [f.label, f.type, f.role, f.required, f.source, f.x, f.y, f.width, f.height]),
    ).toEqual([
      ['Company', 'text', null, false, 'acroform', 72, 72, 200, 20],
      ['Present', 'checkbox', 'Witness', true, 'acroform', 72, 128, 14, 14],
      ['Signature', 'signature', 'Client', true, 'acroform', 72, 652, 200, 40],
    ]);

    // A manifest field at the same spot as a form field replaces it (here: to give it a role).
    const again = await upload(
      {
        name: 'Form',
        documents: ['form.pdf'],
        roles: ['Client'],
        fields: [
          {
            label: 'Company',
            type: 'text',
            document: 'form.pdf',
            page: 1,
            x: 72,
            y: 72,
            width: 200,
            height: 20,
            role: 'Client',
          },
        ],
      },
      [{ name: 'form.pdf', bytes: await doc.save() }],
    );
    const merged = (await again.json()) as TemplateCreated;
    expect(merged.fields.filter((f) => f.label === 'Company')).toEqual([
      expect.objectContaining({ role: 'Client', required: true, source: 'manifest' }),
    ]);
  });

  it('refuses a signature form field without a role, saying how to name it', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    addSignatureFormField(doc, page, 'Sig1');
    const res = await uploadForm(doc);
    expect(await expectError(res, 400, 'template_invalid')).toBe(
      'form.pdf page 1, form field "Sig1": a signature field needs a role (name the form field "<Role>:Sig1")',
    );
  });

  it('turns text tags into fields and removes the tag text from the prepared document', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    line(page, font, ['Company: ', '{{Company;type=text;role=Client}}', ' (registered name)'], 72, 700);
    line(page, font, ['Signed: ', '{{Sign;type=', 'signature;role=Client;required=false}}'], 72, 200);
    line(page, font, ['Witness: ', '{{Witness sign;type=signature;role=Witness}}'], 320, 200);
    const source = await doc.save();
    const res = await upload({ name: 'Tagged', documents: ['tagged.pdf'], roles: ['Client'] }, [
      { name: 'tagged.pdf', bytes: source },
    ]);
    expect(res.status).toBe(201);
    const body = (await res.json()) as TemplateCreated;
    expect(body.roles).toEqual(['Client', 'Witness']);
    expect(body.fields.map((f) => [f.label, f.type, f.role, f.required, f.source])).toEqual([
      ['Company', 'text', 'Client', true, 'tag'],
      ['Sign', 'signature', 'Client', false, 'tag'],
      ['Witness sign', 'signature', 'Witness', true, 'tag'],
    ]);
    const company = body.fields[0]!;
    expect(company.x).toBeCloseTo(72 + font.widthOfTextAtSize('Company: ', 12), 0);
    expect(company.y).toBeGreaterThan(792 - 700 - 12);
    expect(company.y).toBeLessThan(792 - 700);

    const prepared = await preparedBytes(body.templateId, 'tagged.pdf');
    expect(prepared).not.toEqual(source);
    // The tags are gone from the text (removed from the content stream, not just painted over)...
    const text = pdftotext(prepared);
    expect(text).not.toContain('{{');
    expect(text).toMatch(/Company:\s+\(registered name\)/);
    // ...and from the rendered page, where the text around them has not moved.
    const tagBox = {
      x: company.x,
      y: company.y,
      width: font.widthOfTextAtSize('{{Company;type=text;role=Client}}', 12),
      height: 12,
    };
    expect(darkest(source, tagBox)).toBeLessThan(128);
    expect(darkest(prepared, tagBox)).toBeGreaterThanOrEqual(250);
    const after = { x: tagBox.x + tagBox.width + 4, y: tagBox.y, width: 40, height: 12 };
    expect(darkest(prepared, after)).toBeLessThan(128);
  });

  it('refuses a malformed tag, naming the document, page and tag', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([612, 792]);
    doc.addPage([612, 792]).drawText('{{Total;type=money}}', { x: 72, y: 700, size: 12, font });
    const res = await upload({ name: 'T', documents: ['t.pdf'], roles: ['R'] }, [
      { name: 't.pdf', bytes: await doc.save() },
    ]);
    expect(await expectError(res, 400, 'template_invalid')).toBe(
      't.pdf page 2, text tag {{Total;type=money}}: type "money" is not one of text, checkbox, date, signature, initials, name, email',
    );
  });

  it('numbers repeated labels across documents and pages: Name, Name 2, Name 3...', async () => {
    const make = async (texts: { page: number; y: number; x: number; text: string }[], pages: number) => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
      for (const t of texts) doc.getPage(t.page - 1).drawText(t.text, { x: t.x, y: t.y, size: 10, font });
      return doc.save();
    };
    // Drawn in an order unlike the reading order, to show ordering is by position.
    const first = await make(
      [
        { page: 2, x: 72, y: 700, text: '{{Name}}' },
        { page: 1, x: 300, y: 500, text: '{{Name}}' },
        { page: 1, x: 72, y: 500, text: '{{Name}}' },
        { page: 1, x: 72, y: 700, text: '{{Name}}' },
      ],
      2,
    );
    const second = await make([{ page: 1, x: 72, y: 700, text: '{{Name}}' }], 1);
    const res = await upload(
      {
        name: 'Numbering',
        documents: ['first.pdf', 'second.pdf'],
        roles: ['R'],
        fields: [
          {
            label: 'Name',
            type: 'text',
            document: 'second.pdf',
            page: 1,
            x: 72,
            y: 10,
            width: 100,
            height: 14,
          },
        ],
      },
      [
        { name: 'first.pdf', bytes: first },
        { name: 'second.pdf', bytes: second },
      ],
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as TemplateCreated;
    expect(
      body.fields.map((f) => [f.sendLabel, f.document, f.page, Math.round(f.x), f.y < 200 ? 'top' : 'lower']),
    ).toEqual([
      ['Name', 'first.pdf', 1, 72, 'top'],
      ['Name 2', 'first.pdf', 1, 72, 'lower'],
      ['Name 3', 'first.pdf', 1, 300, 'lower'],
      ['Name 4', 'first.pdf', 2, 72, 'top'],
      ['Name 5', 'second.pdf', 1, 72, 'top'],
      ['Name 6', 'second.pdf', 1, 72, 'top'],
    ]);
    // The manifest's field (y 10) comes before the tag on the same page (y ~82).
    expect(body.fields[4]!.source).toBe('manifest');
  });
});

describe('pnpm cli templates create', () => {
  it('reads the manifest and the PDFs relative to it and prints the template', async () => {
    const folder = path.join(dir, 'cli');
    fs.mkdirSync(path.join(folder, 'pdfs'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'pdfs', 'lease.pdf'), await templatePdf(2, 'lease'));
    fs.writeFileSync(
      path.join(folder, 'manifest.json'),
      JSON.stringify({
        name: 'Lease',
        documents: ['pdfs/lease.pdf'],
        roles: ['Tenant'],
        fields: [
          {
            label: 'Tenant signature',
            type: 'signature',
            document: 'pdfs/lease.pdf',
            page: 2,
            x: 72,
            y: 600,
            width: 150,
            height: 36,
            role: 'tenant',
          },
        ],
      }),
    );
    const env = { ...api.dataEnv, LOG_LEVEL: 'silent' };
    const ok = await runCli(
      [
        'templates',
        'create',
        '--account',
        account.accountId,
        '--manifest',
        path.join(folder, 'manifest.json'),
      ],
      env,
    );
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    const created = ok.json as TemplateCreated;
    expect(Object.keys(created)).toEqual(['templateId', 'roles', 'fields']);
    expect(created.roles).toEqual(['Tenant']);
    expect(created.fields).toEqual([
      expect.objectContaining({
        label: 'Tenant signature',
        sendLabel: 'Tenant signature',
        document: 'lease.pdf',
        role: 'Tenant',
        required: true,
      }),
    ]);
    // The running API sees it: same data directory.
    const res = await api.fetch(`/api/templates/${created.templateId}`, {
      headers: { authorization: `Bearer ${account.accessToken}` },
    });
    expect(res.status).toBe(200);

    fs.writeFileSync(path.join(folder, 'bad.json'), JSON.stringify({ name: 'Bad', documents: [], extra: 1 }));
    const bad = await runCli(
      ['templates', 'create', '--account', account.accountId, '--manifest', path.join(folder, 'bad.json')],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('documents: must not be empty');
    expect(bad.stderr).toContain('extra: unknown property');
  }, 120_000); // two CLI processes, each starting tsx and the PDF workers from cold
});
