import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

// Upload routes take a whole MAX_FILE_BYTES PDF even when MAX_BODY_BYTES (the JSON limit) is smaller, and every
// refusal says which limit in the spec's error body, with nothing stored.

const KiB = 1024;
const MiB = 1024 * KiB;
const MAX_BODY_BYTES = 256 * KiB;
const MAX_FILE_BYTES = 1 * MiB;

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi({
    worker: false,
    env: { MAX_BODY_BYTES: String(MAX_BODY_BYTES), MAX_FILE_BYTES: String(MAX_FILE_BYTES) },
  });
  token = (await api.newAccount('Uploads Ltd', 'uploads@limits.test')).accessToken;
});
afterAll(() => api.close());

/** A valid PDF of about `size` bytes: one text page and an attachment of random (incompressible) bytes. */
async function pdfOfSize(size: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Large agreement', { x: 72, y: 720, size: 14, font });
  await doc.attach(randomBytes(size), 'appendix.bin', { mimeType: 'application/octet-stream' });
  return doc.save();
}

const upload = (path: string, form: FormData) =>
  api.fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });

const driveForm = (bytes: Uint8Array, name = 'big.pdf') => {
  const form = new FormData();
  form.append('files', new Blob([bytes], { type: 'application/pdf' }), name);
  return form;
};

const templateForm = (bytes: Uint8Array) => {
  const form = new FormData();
  form.append('manifest', JSON.stringify({ name: 'Big', documents: ['big.pdf'], roles: ['Client'] }));
  form.append('documents', new Blob([bytes], { type: 'application/pdf' }), 'big.pdf');
  return form;
};

async function expectTooLarge(res: Response, message: RegExp) {
  const text = await res.text();
  expect(res.status, text).toBe(413);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.error).toBe('payload_too_large');
  expect(body.message).toMatch(message);
}

const driveFiles = async () =>
  (
    (await (
      await api.fetch('/api/drive/files', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      files: { filename: string }[];
    }
  ).files;
const templateCount = async () =>
  (
    (await (await api.fetch('/api/templates', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      templates: unknown[];
    }
  ).templates.length;

describe('upload limits', () => {
  it('stores a PDF larger than MAX_BODY_BYTES but within MAX_FILE_BYTES (drive and template)', async () => {
    const pdf = await pdfOfSize(600 * KiB);
    expect(pdf.byteLength).toBeGreaterThan(MAX_BODY_BYTES);
    const stored = await upload('/api/drive/files', driveForm(pdf));
    expect(stored.status, await stored.clone().text()).toBe(201);
    const created = await upload('/api/templates', templateForm(pdf));
    expect(created.status, await created.clone().text()).toBe(201);
  }, 120_000); // the template's PDF workers start from cold (seconds on a loaded machine)

  it('refuses a PDF over MAX_FILE_BYTES naming the file and the limit; nothing stored', async () => {
    const before = (await driveFiles()).length;
    const templatesBefore = await templateCount();
    const pdf = await pdfOfSize(MAX_FILE_BYTES + 100 * KiB);
    // Both upload routes give the PDF checks' verdict, as for every rejected document, in the same words.
    const drive = await upload('/api/drive/files', driveForm(pdf, 'big.pdf'));
    expect(drive.status).toBe(422);
    const res = await upload('/api/templates', templateForm(pdf));
    expect(res.status).toBe(422);
    const message = ((await res.json()) as { message: string }).message;
    expect(message).toMatch(
      /^big\.pdf was rejected \(too-large\): The file is 1\.1 MB, which is more than the 1 MB limit/,
    );
    expect(((await drive.json()) as { message: string }).message).toBe(message);
    expect((await driveFiles()).length).toBe(before);
    expect(await templateCount()).toBe(templatesBefore);
  });

  it('refuses a body over MAX_FILE_BYTES plus the form allowance before reading it, and when chunked', async () => {
    const before = (await driveFiles()).length;
    const bytes = new Uint8Array(MAX_FILE_BYTES + MiB + 1);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    const limit = MAX_FILE_BYTES + MiB;
    const message = new RegExp(`^the upload exceeds 2 MB \\(${limit} bytes\\).*MAX_FILE_BYTES`);
    await expectTooLarge(await upload('/api/drive/files', driveForm(bytes)), message);
    await expectTooLarge(await upload('/api/templates', templateForm(bytes)), message);
    const chunked = await api.fetch('/api/drive/files', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * KiB) controller.enqueue(bytes.slice(i, i + 64 * KiB));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    await expectTooLarge(chunked, message);
    expect((await driveFiles()).length).toBe(before);
  });

  it('keeps MAX_BODY_BYTES for JSON bodies', async () => {
    const res = await api.post(
      '/api/webhooks',
      { url: `https://hooks.example.com/${'x'.repeat(MAX_BODY_BYTES)}` },
      token,
    );
    await expectTooLarge(res, new RegExp(`exceeds ${MAX_BODY_BYTES} bytes`));
  });
});
