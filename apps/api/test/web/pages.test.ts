import fs from 'node:fs';
import path from 'node:path';
import { createAccount, createTemplate } from '@countersign/core';
import { tempDir } from '@countersign/test-support';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreementPdf,
  signedInPage,
  signedInPageAt,
  signInThroughMailbox,
  signInWithPrintedLink,
} from './app-support.ts';
import {
  appWorld,
  closeClean,
  dropExpectedProblems,
  expectAccessible,
  newContext,
  screenshot,
  tabTo,
  VIEWPORTS,
} from './browser.ts';

const world = appWorld();
let templateId: string;
let sessionId: string;
let ownerMemberId: string;
let accessToken: string;
const OWNER = 'pages@pages.test';

beforeAll(async () => {
  const { accountId, refreshToken, ...owner } = await createAccount(world.api.runtime.ctx, {
    name: 'Pages & Co',
    email: OWNER,
  });
  const template = await createTemplate(world.api.runtime.ctx, accountId, {
    name: 'Employment contract',
    documents: [{ filename: 'contract.pdf', bytes: await agreementPdf(2) }],
    roles: ['Employee'],
    fields: [
      {
        document: 'contract.pdf',
        label: 'Company',
        type: 'text',
        page: 1,
        x: 130,
        y: 180,
        width: 160,
        height: 20,
      },
      {
        document: 'contract.pdf',
        label: 'Employee signature',
        type: 'signature',
        page: 1,
        x: 130,
        y: 470,
        width: 200,
        height: 40,
        role: 'Employee',
      },
    ],
  });
  templateId = template.templateId;
  ownerMemberId = owner.ownerMemberId;
  const token = (await (await world.api.post('/connect/token', { refresh_token: refreshToken })).json()) as {
    access_token: string;
  };
  accessToken = token.access_token;
  sessionId = await sendTo('Erin Example', 'erin@pages.test');
});

/** Sends the template to one employee without an email (notify false); the session's id. */
async function sendTo(name: string, email: string): Promise<string> {
  const sent = await world.api.post(
    '/api/templates/send',
    {
      templateId,
      signingRequests: [
        {
          recipients: [{ label: 'Employee', name, email }],
          fields: [{ label: 'Company', value: 'Pages & Co' }],
        },
      ],
      notify: false,
    },
    accessToken,
  );
  expect(sent.status).toBe(200);
  return ((await sent.json()) as { instantiation: { sessions: { sessionId: string }[] } }).instantiation
    .sessions[0]!.sessionId;
}

/**
 * Every page of the app whose API is on main, with what proves it has loaded its data. The designer joins when
 * its template routes land (the template's PDF answers 404 today).
 */
const PAGES = () => [
  {
    name: 'sessions',
    path: '/app/sessions',
    ready: (p: Page) => p.getByRole('link', { name: 'Employment contract' }),
  },
  {
    name: 'session',
    path: `/app/sessions/${sessionId}`,
    ready: (p: Page) => p.getByTestId('session-status'),
  },
  {
    name: 'templates',
    path: '/app/templates',
    ready: (p: Page) => p.getByRole('link', { name: 'Employment contract' }),
  },
  { name: 'integration', path: '/app/integration', ready: (p: Page) => p.getByText(/Used \d+ of/) },
  { name: 'drive', path: '/app/drive', ready: (p: Page) => p.getByText('No files yet.') },
  { name: 'webhooks', path: '/app/webhooks', ready: (p: Page) => p.getByText('No endpoints yet.') },
  { name: 'settings', path: '/app/settings', ready: (p: Page) => p.getByRole('cell', { name: OWNER }) },
];

describe('every page at 375 and 1280 px', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`renders each page accessibly at ${viewport.width} px (${size})`, async () => {
      const context = await newContext(world.browser, world.problems, viewport);
      const page = await context.newPage();
      if (size === 'phone') await signInThroughMailbox(page, world.api, OWNER);
      else await signInWithPrintedLink(page, world.api, ownerMemberId);
      for (const p of PAGES()) {
        await page.goto(world.api.url + p.path);
        await p.ready(page).first().waitFor();
        await expect.poll(() => page.locator('.loading').count()).toBe(0);
        await expectAccessible(page, `${p.name} at ${viewport.width}`);
        // The README shows the session page on a phone and the templates list on a laptop.
        const inReadme =
          (p.name === 'session' && size === 'phone') || (p.name === 'templates' && size === 'desktop');
        await screenshot(
          page,
          `${p.name}-${viewport.width}.png`,
          inReadme ? `web-${p.name}-${viewport.width}.png` : undefined,
        );
      }
      expect(world.problems).toEqual([]);
      await context.close();
    }, 180_000);
  }

  it('reaches every page from the navigation with the keyboard', async () => {
    const page = await signedInPage(world, ownerMemberId);
    for (const name of ['Templates', 'Integration', 'Drive', 'Webhooks', 'Settings', 'Sessions']) {
      await tabTo(page, `nav a:text-is("${name}")`);
      await page.keyboard.press('Enter');
      await page.waitForURL(`${world.api.url}/app/${name.toLowerCase()}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
    }
    await page.context().close();
  }, 60_000);

  it('creates a refresh token shown once that works at /connect/token, then revokes it', async () => {
    const page = await signedInPageAt(world, ownerMemberId, '/app/integration', VIEWPORTS.phone);
    await page.getByLabel('Label').fill('CI deploys');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByTestId('secret').textContent())!.trim();
    expect((await world.api.post('/connect/token', { refresh_token: secret })).status).toBe(200);
    await expectAccessible(page, 'integration with a new token');
    await screenshot(page, 'integration-token-375.png');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('secret').count()).toBe(0);
    await page.locator('td[data-label="Label"]', { hasText: 'CI deploys' }).waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Revoke CI deploys' }).click();
    await expect
      .poll(() => page.locator('td[data-label="Label"]', { hasText: 'CI deploys' }).count())
      .toBe(0);
    // A revoked refresh token is an invalid grant.
    expect((await world.api.post('/connect/token', { refresh_token: secret })).status).toBe(400);
    await page.context().close();
  }, 60_000);

  it('uploads a PDF to the drive, shows its cloudFileId, refuses a non-PDF, deletes', async () => {
    const page = await signedInPageAt(world, ownerMemberId, '/app/drive');
    const dir = tempDir('countersign-web-');
    fs.writeFileSync(path.join(dir, 'offer.pdf'), await agreementPdf(1));
    await page.getByLabel('PDF files').setInputFiles(path.join(dir, 'offer.pdf'));
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('cell', { name: 'offer.pdf', exact: true }).waitFor();
    expect(await page.locator('td[data-label="cloudFileId"] code').textContent()).toBeTruthy();
    fs.writeFileSync(path.join(dir, 'fake.pdf'), 'not a pdf');
    await page.getByLabel('PDF files').setInputFiles(path.join(dir, 'fake.pdf'));
    await page.getByRole('button', { name: 'Upload' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('fake.pdf was rejected (load-failed)');
    expect(await page.locator('tbody tr').count()).toBe(1);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete offer.pdf' }).click();
    await page.getByText('No files yet.').waitFor();
    dropExpectedProblems(world.problems, /status of 422/);
    await closeClean(world, page);
  }, 60_000);

  it('refuses a file that is not a PDF with the server reason and creates nothing', async () => {
    const page = await signedInPageAt(world, ownerMemberId, '/app/templates');
    const file = path.join(tempDir('countersign-web-'), 'notes.pdf');
    fs.writeFileSync(file, 'these are notes, not a PDF');
    await page.getByLabel('PDF files').setInputFiles(file);
    await page.getByRole('button', { name: 'Create template' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/PDF/i);
    expect(await page.locator('tbody tr').count()).toBe(1);
    // The browser logs the 4xx answer; the page handles it.
    dropExpectedProblems(world.problems, /status of 4\d\d/);
    await page.context().close();
  }, 60_000);

  it('cancels a session with a reason from its page; the status filter finds it', async () => {
    const id = await sendTo('Carl Cancel', 'carl@pages.test');
    const page = await signedInPageAt(world, ownerMemberId, `/app/sessions/${id}`, VIEWPORTS.phone);
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('active');
    // A notify-false send: the signer's link is copied from the page, and it opens the signing page.
    await page.getByRole('button', { name: "Copy Carl Cancel's link" }).click();
    await page.getByText('✓ copied').waitFor();
    const link = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
    expect((await world.api.fetch(new URL(link).pathname)).status).toBe(200);
    await page.getByRole('button', { name: 'Cancel session…' }).click();
    await page.getByLabel('Reason (sent to the signers)').fill('Position filled');
    await expectAccessible(page, 'cancel form');
    await page.getByRole('button', { name: 'Cancel the session' }).click();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('cancelled');
    await page.getByText('Cancelled: Position filled').waitFor();
    const detail = (await (
      await world.api.fetch(`/api/sessions/${id}`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { status: string; cancelReason: string };
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'Position filled' });

    // The list filtered by status: only the cancelled one, and the filter is in the address.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Status').selectOption('cancelled');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=cancelled/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr .badge').textContent()).toBe('cancelled');
    await closeClean(world, page);
  }, 60_000);
});
