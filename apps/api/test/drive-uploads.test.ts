import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FailedDocument } from '@countersign/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEncryptedPdf, makePdf } from './fixtures/pdfs.ts';
import { startTestApi, type TestApi } from './harness.ts';

// The embedded drive's upload (POST /api/drive/files) gives a PDF the verdict a template upload gives it, in the
// same words, and a file name that names no file is a 400 naming it, never a 500. Real HTTP, real inspection.

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const corpusDir = resolve(repoRoot, '..', 'shared', 'pdf-corpus');

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi({ worker: false });
  token = (await api.newAccount('Drive Uploads Ltd', 'owner@drive-uploads.test')).accessToken;
}, 60_000);
afterAll(() => api.close());

interface Upload {
  name: string;
  bytes: Uint8Array;
}

/** A multipart body written by hand, so a file name reaches the server exactly as given (FormData escapes some). */
function multipart(field: string, files: Upload[], extra: Record<string, string> = {}) {
  const boundary = `----countersign${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(extra)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function post(path: string, field: string, files: Upload[], extra?: Record<string, string>) {
  const { body, contentType } = multipart(field, files, extra);
  const res = await api.fetch(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const toDrive = (files: Upload[]) => post('/api/drive/files', 'files', files);
const toTemplate = (files: Upload[]) =>
  post('/api/templates', 'documents', files, {
    manifest: JSON.stringify({ name: 'Verdicts', documents: files.map((f) => f.name), roles: ['Client'] }),
  });

const driveNames = async () =>
  (
    (await (
      await api.fetch('/api/drive/files', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      files: { filename: string }[];
    }
  ).files.map((f) => f.filename);

/** Both uploads refuse `files` with 422, the same `failedDocuments` and message; the drive stores nothing. */
async function expectSameVerdicts(files: Upload[]): Promise<FailedDocument[]> {
  const before = await driveNames();
  const [drive, template] = [await toDrive(files), await toTemplate(files)];
  expect(drive.status, JSON.stringify(drive.body)).toBe(422);
  expect(template.status, JSON.stringify(template.body)).toBe(422);
  expect(drive.body).toEqual(template.body);
  expect(drive.body.error).toBe('documents_rejected');
  expect(await driveNames()).toEqual(before);
  return drive.body.failedDocuments as FailedDocument[];
}

describe('drive uploads give the template upload verdicts', () => {
  it('an encrypted PDF and a file that is not a PDF, in the same words; the good file beside them is not stored', async () => {
    const failed = await expectSameVerdicts([
      { name: 'locked.pdf', bytes: await makeEncryptedPdf() },
      { name: 'fine.pdf', bytes: await makePdf(1, 'fine') },
      { name: 'notes.pdf', bytes: new TextEncoder().encode('these are notes, not a PDF') },
    ]);
    expect(failed).toEqual([
      {
        cloudFileId: null,
        filename: 'locked.pdf',
        reason: 'encrypted',
        message: 'The PDF is encrypted; remove the protection and upload it again.',
      },
      expect.objectContaining({ filename: 'notes.pdf', reason: 'load-failed' }),
    ]);
  }, 60_000);

  it.skipIf(!existsSync(corpusDir))(
    'every refused file of the shared corpus (under 1 MB) gets the same verdict from both',
    async () => {
      const [header, ...lines] = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
      const columns = header!.split('\t');
      const refused = lines
        .map((line) => line.split('\t'))
        .filter((cells) => cells[columns.indexOf('expected')] !== 'accept')
        .map((cells) => ({
          path: cells[columns.indexOf('path')]!,
          expected: cells[columns.indexOf('expected')]!,
        }))
        .map((row) => ({ ...row, bytes: new Uint8Array(readFileSync(join(corpusDir, row.path))) }))
        .filter((row) => row.bytes.byteLength < 1024 * 1024);
      expect(refused.length).toBeGreaterThan(20);
      // In uploads of 10: a template takes at most 20 documents.
      for (let start = 0; start < refused.length; start += 10) {
        const batch = refused.slice(start, start + 10);
        const files = batch.map((row) => ({ name: row.path.split('/').pop()!, bytes: row.bytes }));
        const failed = await expectSameVerdicts(files);
        expect(failed.map((f) => [f.filename, f.reason])).toEqual(
          batch.map((row) => [row.path.split('/').pop(), row.expected]),
        );
      }
    },
    120_000,
  );
});

describe('drive file names', () => {
  it.each(['..', '.', '/', 'folder/', 'a/..', ' .. ', '\u0007\u0085'])(
    'refuses %j with 400 naming it; nothing stored',
    async (name) => {
      const before = await driveNames();
      const res = await toDrive([
        { name: 'fine.pdf', bytes: await makePdf(1, 'names') },
        { name, bytes: await makePdf(1, 'bad name') },
      ]);
      expect(res).toEqual({
        status: 400,
        body: {
          error: 'invalid_request',
          message: `files: the file name ${JSON.stringify(name)} does not name a file (it is empty, ".", ".." or a folder once cleaned)`,
        },
      });
      expect(await driveNames()).toEqual(before);
    },
  );

  it('stores other names cleaned: the last path segment, no control characters, at most 255 characters', async () => {
    const long = `${'a'.repeat(300)}.pdf`;
    const res = await toDrive([
      { name: 'contracts/2026/Offer.pdf', bytes: await makePdf(1, 'path') },
      { name: 'Of\u0007fer\u0085 letter.pdf', bytes: await makePdf(1, 'control') },
      { name: long, bytes: await makePdf(1, 'long') },
    ]);
    expect(res.status).toBe(201);
    const stored = (res.body.files as { filename: string }[]).map((f) => f.filename);
    expect(stored).toEqual(['Offer.pdf', 'Offer letter.pdf', `${'a'.repeat(251)}.pdf`]);
    expect(await driveNames()).toEqual(expect.arrayContaining(stored));
  }, 60_000);

  it("reads a file back as uploaded, under its name; another account's file or an unknown id is a 404", async () => {
    const bytes = await makePdf(2, 'read back');
    const res = await toDrive([{ name: 'Read Back é.pdf', bytes }]);
    expect(res.status).toBe(201);
    const { cloudFileId } = (res.body.files as { cloudFileId: string }[])[0]!;
    const content = await api.fetch(`/api/drive/files/${cloudFileId}/content`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(content.headers.get('content-disposition')).toContain("filename*=UTF-8''Read%20Back%20%C3%A9.pdf");
    expect(Buffer.from(await content.arrayBuffer())).toEqual(Buffer.from(bytes));

    const other = (await api.newAccount('Other Drive Ltd', 'owner@other-drive.test')).accessToken;
    for (const [id, bearer] of [
      [cloudFileId, other],
      ['lf_00000000000000000000000000000000', token],
    ] as const) {
      const missing = await api.fetch(`/api/drive/files/${id}/content`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: 'drive_file_not_found' });
    }
  }, 60_000);
});
