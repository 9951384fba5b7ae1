import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createAccount } from '@countersign/core';
import { tempDir } from '@countersign/test-support';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPageAt } from './app-support.ts';
import {
  appWorld,
  closeClean,
  dropExpectedProblems,
  expectAccessible,
  screenshot,
  VIEWPORTS,
} from './browser.ts';

// Oversized and non-PDF uploads through the pages: the server's reason on screen, nothing stored. Small limits so
// the files stay small: MAX_FILE_BYTES 1 MB, so an upload request may be 2 MB.

const MiB = 1024 * 1024;
const world = appWorld({ env: { MAX_BODY_BYTES: String(256 * 1024), MAX_FILE_BYTES: String(MiB) } });
let memberId: string;
const dir = tempDir('countersign-uploads-');

beforeAll(async () => {
  memberId = (
    await createAccount(world.api.runtime.ctx, {
      name: 'Upload Errors',
      email: 'owner@uploads.test',
    })
  ).ownerMemberId;
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  await pdf.attach(randomBytes(MiB + 100 * 1024), 'appendix.bin', { mimeType: 'application/octet-stream' });
  fs.writeFileSync(path.join(dir, 'huge.pdf'), await pdf.save());
  // Past the whole request limit: refused before the body is read.
  fs.writeFileSync(
    path.join(dir, 'giant.pdf'),
    Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * MiB + 1)]),
  );
  fs.writeFileSync(path.join(dir, 'notes.pdf'), 'these are notes, not a PDF');
});

/** Chooses `file`, submits, and waits for the page's alert to say `reason` (each refusal replaces the last). */
async function expectRefused(page: Page, file: string, submit: string, reason: RegExp): Promise<void> {
  await page.getByLabel('PDF files').setInputFiles(path.join(dir, file));
  await page.getByRole('button', { name: submit }).click();
  await expect
    .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '), { timeout: 30_000 })
    .toMatch(reason);
}

/** Chromium logs every 4xx answer; the page handles them, so only those are dropped. */
const dropHandled4xx = () => dropExpectedProblems(world.problems, /status of (400|413|422)/);

describe('upload errors on the pages', () => {
  it('drive at 375 px: a PDF over the limit, a request over the limit, a non-PDF', async () => {
    const page = await signedInPageAt(world, memberId, '/app/drive', VIEWPORTS.phone);
    await page.getByText('No files yet.').waitFor();
    await expectRefused(
      page,
      'huge.pdf',
      'Upload',
      /huge\.pdf was rejected \(too-large\): The file is 1\.1 MB, which is more than the 1 MB limit/,
    );
    await expectAccessible(page, 'drive with a too-large file');
    await screenshot(page, 'drive-too-large-375.png');
    await expectRefused(page, 'giant.pdf', 'Upload', /the upload exceeds 2 MB/);
    await expectRefused(page, 'notes.pdf', 'Upload', /notes\.pdf was rejected \(load-failed\)/);
    await page.getByText('No files yet.').waitFor();
    dropHandled4xx();
    await closeClean(world, page);
  }, 120_000);

  it('templates at 1280 px: a PDF over the limit, a request over the limit, a non-PDF', async () => {
    const page = await signedInPageAt(world, memberId, '/app/templates');
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await expectRefused(
      page,
      'huge.pdf',
      'Create template',
      /huge\.pdf was rejected \(too-large\): The file is 1\.1 MB, which is more than the 1 MB limit/,
    );
    await expectAccessible(page, 'templates with a too-large file');
    await screenshot(page, 'templates-too-large-1280.png');
    await expectRefused(page, 'giant.pdf', 'Create template', /the upload exceeds 2 MB/);
    await expectRefused(page, 'notes.pdf', 'Create template', /notes\.pdf.*PDF/);
    const listed = (await (
      await page.request.get(`${world.api.url}/api/templates`, { headers: { accept: 'application/json' } })
    ).json()) as { templates: unknown[] };
    expect(listed.templates).toEqual([]);
    dropHandled4xx();
    await closeClean(world, page);
  }, 120_000);
});
