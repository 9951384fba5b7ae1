import { createSignInLink, createTemplate, devMailbox } from '@countersign/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApi } from '../harness.ts';
import { type AppWorld, newContext, VIEWPORTS } from './browser.ts';

/** The newest sign-in link emailed to `to`, read from the dev mailbox (no SMTP_URL in these tests). */
export async function mailedSignInLink(api: TestApi, to: string, after: number): Promise<string> {
  const mailbox = devMailbox(api.runtime.ctx);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailbox.list({ to })).filter((m) => Date.parse(m.date) >= after - 1000);
        link = mails
          .map((m) => /https?:\/\/\S+\/app\/sign-in#token=[A-Za-z0-9_-]+/.exec(m.text)?.[0])
          .find(Boolean);
        return link;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBeDefined();
  return link!;
}

/** Signs in the way a person does: asks for a link on the sign-in page, opens the email's link, clicks. */
export async function signInThroughMailbox(page: Page, api: TestApi, email: string): Promise<void> {
  const asked = Date.now();
  await page.goto(`${api.url}/app/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText('a sign-in link is on its way').waitFor();
  const link = await mailedSignInLink(api, email, asked);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, api.url));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${api.url}/app/sessions`);
}

/** The secret a page shows once (a refresh token, a webhook secret), then dismissed with Done. */
export async function takeSecret(page: Page): Promise<string> {
  const secret = (await page.getByTestId('secret').textContent())!.trim();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => page.getByTestId('secret').count()).toBe(0);
  return secret;
}

/** A short agreement with lines where a signer signs and the sender fills in. */
export async function agreementPdf(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(n === 1 ? 'Service agreement' : `Page ${n}`, { x: 72, y: 720, size: 20, font });
    page.drawText('Company: ____________________     Date: ______________', {
      x: 72,
      y: 600,
      size: 11,
      font,
    });
    page.drawText('Signature: ______________________________', { x: 72, y: 300, size: 11, font });
  }
  return doc.save();
}

/**
 * A fresh server compresses each app asset on its first request (then keeps it): on a loaded 2-core machine the
 * first page of a test may take longer than Playwright's 30 s default.
 */
export const FIRST_LOAD_TIMEOUT_MS = 90_000;

/**
 * Signs in with a link made the way `pnpm cli accounts create` prints one (no email, so the sign-in throttle of
 * 5 emails per address and hour is not spent by tests that are not about sign-in).
 */
export async function signInWithPrintedLink(page: Page, api: TestApi, memberId: string): Promise<void> {
  const { url } = await createSignInLink(api.runtime.ctx, memberId);
  await page.goto(url.replace(/^https?:\/\/[^/]+/, api.url), { timeout: FIRST_LOAD_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${api.url}/app/sessions`);
}

/** A fresh context at `viewport` with a page signed in as `memberId` (printed link); `page.context()` closes it. */
export async function signedInPage(
  world: AppWorld,
  memberId: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Page> {
  const context = await newContext(world.browser, world.problems, viewport);
  const page = await context.newPage();
  await signInWithPrintedLink(page, world.api, memberId);
  return page;
}

/** `signedInPage`, opened at `path` of the app (for example `/app/drive`). */
export async function signedInPageAt(
  world: AppWorld,
  memberId: string,
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await signedInPage(world, memberId, viewport);
  await page.goto(`${world.api.url}${path}`);
  return page;
}

/** A signature field of `role`, 200 by 40 points at (x, y) on page 1 of agreement.pdf. */
export const signatureField = (role: string, x: number, y: number) => ({
  document: 'agreement.pdf',
  label: `${role} signature`,
  type: 'signature' as const,
  page: 1,
  x,
  y,
  width: 200,
  height: 40,
  role,
});

type TemplateInput = Parameters<typeof createTemplate>[2];

/** A template made in the core (not through the pages) on `agreementPdf(pages)`, stored as agreement.pdf. */
export async function agreementTemplate(
  api: TestApi,
  accountId: string,
  template: Omit<TemplateInput, 'documents'> & { pages: number },
) {
  const { pages, ...rest } = template;
  return createTemplate(api.runtime.ctx, accountId, {
    ...rest,
    documents: [{ filename: 'agreement.pdf', bytes: await agreementPdf(pages) }],
  });
}

/** Opens the template in the designer and waits until pdf.js has drawn its first page. */
export async function openDesigner(page: Page, api: TestApi, templateId: string): Promise<void> {
  await page.goto(`${api.url}/app/templates/${templateId}`);
  await page.locator('.dz-page[data-page="1"][data-rendered="true"]').waitFor();
}
