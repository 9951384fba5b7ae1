import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createAccount } from '@countersign/core';
import { tempDir } from '@countersign/test-support';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../harness.ts';
import { agreementPdf, signInThroughMailbox } from './app-support.ts';
import { expectAccessible, launchChromium, newContext, screenshot, VIEWPORTS } from './browser.ts';

const run = promisify(execFile);
let api: TestApi;
let browser: Browser;
const problems: string[] = [];
const OWNER = 'owner@flow.test';

beforeAll(async () => {
  api = await startTestApi();
  browser = await launchChromium();
  await createAccount(api.runtime.ctx, { name: 'Flow Industries', email: OWNER });
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

/** Drags a palette entry onto page 1 so the new field is centred on (x, y) in points. */
async function dragField(page: Page, type: string, x: number, y: number) {
  const tool = (await page.locator(`[data-field-type="${type}"]`).boundingBox())!;
  const target = page.locator('.dz-page[data-page="1"]').first();
  const box = (await target.boundingBox())!;
  const scale = box.width / 612;
  await page.mouse.move(tool.x + tool.width / 2, tool.y + tool.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + x * scale, box.y + y * scale, { steps: 12 });
  await page.mouse.up();
}

const fieldBoxes = (page: Page) => page.locator('.dz-field');

describe('the web app end to end in Chromium', () => {
  it('signs in by email, designs a template by dragging, sends it with a token from the app, and a signer completes it', async () => {
    const context = await newContext(browser, problems, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signInThroughMailbox(page, api, OWNER);
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();

    // Upload a PDF: the new template opens in the designer, its id in the address.
    await page.getByRole('link', { name: 'Templates' }).click();
    const pdfFile = path.join(tempDir('countersign-web-'), 'Service agreement.pdf');
    fs.writeFileSync(pdfFile, await agreementPdf());
    await page.getByLabel('Name', { exact: true }).fill('Service agreement');
    await page.getByLabel("First signer's role").fill('Client');
    await page.getByLabel('PDF files').setInputFiles(pdfFile);
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/app\/templates\/[^/]+$/);
    const templateId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.locator('.dz-page[data-page="1"][data-rendered="true"]').waitFor();

    // A signature, a text and a date field dragged onto page 1.
    await dragField(page, 'signature', 200, 300);
    await dragField(page, 'text', 200, 590);
    await dragField(page, 'date', 420, 590);
    await expect.poll(() => fieldBoxes(page).count()).toBe(3);
    // The text and the date are the sender's (prefilled in the send); the signature is the Client's.
    for (const label of ['Text', 'Date']) {
      await page.locator('.dz-field', { hasText: label }).click();
      await page.getByLabel('Filled by').selectOption('');
    }
    await expect.poll(() => page.getByRole('heading', { name: 'Problems (0)' }).count()).toBe(1);
    await page.getByText('All changes saved').waitFor();
    await expectAccessible(page, 'designer');
    await screenshot(page, 'designer-1280.png', 'web-designer-1280.png');

    // Copy payload: the complete send body, with the template id from the address.
    await page.getByRole('button', { name: 'Copy payload' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send this template' });
    await dialog.getByRole('button', { name: 'Copy payload' }).click();
    await dialog.getByText('Payload copied').waitFor();
    const payload = JSON.parse((await page.evaluate('navigator.clipboard.readText()')) as string) as {
      templateId: string;
      signingRequests: {
        recipients: { label: string; name: string; email: string }[];
        fields?: { label: string; value: string }[];
      }[];
      [k: string]: unknown;
    };
    expect(payload.templateId).toBe(templateId);
    expect(payload.signingRequests[0]!.recipients.map((r) => r.label)).toEqual(['Client']);
    expect(payload.signingRequests[0]!.fields?.map((f) => f.label).sort()).toEqual(['Date', 'Text']);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A refresh token made on the integration page, shown once.
    await page.getByRole('link', { name: 'Integration' }).click();
    await page.getByLabel('Label').fill('flow test');
    await page.getByRole('button', { name: 'Create token' }).click();
    const refreshToken = (await page.getByTestId('secret').textContent())!.trim();
    expect(refreshToken).toMatch(/^csrt_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'flow test', exact: true }).waitFor();

    // The integrator's side: the copied payload, real recipient, sent over the API with that token.
    const token = (await (await api.post('/connect/token', { refresh_token: refreshToken })).json()) as {
      access_token: string;
    };
    const entry = payload.signingRequests[0]!;
    entry.recipients[0] = { label: 'Client', name: 'Sam Signer', email: 'sam@flow.test' };
    entry.fields = entry.fields?.map((f) => ({
      ...f,
      value: f.label === 'Date' ? '2027-01-15' : 'Flow Industries',
    }));
    const sent = await api.post(
      '/api/templates/send',
      { ...payload, authRequirement: 'public', notify: false },
      token.access_token,
    );
    expect(sent.status).toBe(200);
    const sendBody = (await sent.json()) as {
      invites: { sessionId: string; participants: { signingUrl?: string }[] }[];
    };
    const sessionId = sendBody.invites[0]!.sessionId;
    const signingUrl = sendBody.invites[0]!.participants[0]!.signingUrl!;

    // The sessions page shows it as active, then completed once the signer signs (polling, no reload).
    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('link', { name: 'Service agreement' }).first().click();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('active');

    const signerContext = await newContext(browser, problems, VIEWPORTS.phone);
    const signer = await signerContext.newPage();
    await signer.goto(signingUrl.replace(/^https?:\/\/[^/]+/, api.url));
    await signer.getByRole('heading', { name: 'Ready to sign' }).waitFor();
    await signer.getByRole('button', { name: 'Next field' }).click();
    await signer.locator('dialog#adopt').waitFor({ state: 'visible' });
    await signer.locator('#adopt-ok').click();
    await signer.locator('dialog#adopt').waitFor({ state: 'hidden' });
    await signer.locator('#finish').click();
    await signer
      .getByRole('heading', { name: /Completed: everyone has signed|Everyone has signed|You have signed/ })
      .waitFor();
    await signerContext.close();

    await expect
      .poll(() => page.getByTestId('session-status').textContent(), { timeout: 60_000 })
      .toBe('completed');
    await screenshot(page, 'sessions-1280.png', 'web-sessions-1280.png');
    const link = page.getByRole('link', { name: /signed and sealed/ });
    // The link's PDF, fetched with the member's cookie (the href may name PUBLIC_URL, not the test's port).
    const href = (await link.getAttribute('href'))!;
    const signed = await page.request.get(new URL(new URL(href, api.url).pathname, api.url).toString());
    expect(signed.status()).toBe(200);
    expect(signed.headers()['content-type']).toContain('application/pdf');
    const file = path.join(tempDir('countersign-web-'), 'signed.pdf');
    fs.writeFileSync(file, await signed.body());
    const { stdout } = await run('pdfsig', [file]);
    expect(stdout).toContain('Signature is Valid');
    expect(sessionId).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
