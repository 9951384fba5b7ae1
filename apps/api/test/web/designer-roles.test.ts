import { createAccount, createTemplate, getTemplateDetail } from '@countersign/core';
import { defaultRoleColor } from '@countersign/schemas';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../harness.ts';
import { agreementPdf, signInWithPrintedLink } from './app-support.ts';
import { expectAccessible, launchChromium, newContext, screenshot, VIEWPORTS } from './browser.ts';

// The designer's role colours and the template's default language: chosen, autosaved, still there after a
// reload, drawn on the role's fields; a colour too light to see is flagged next to the role and not saved.

let api: TestApi;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  api = await startTestApi({ worker: false });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

const signature = (role: string, y: number) => ({
  document: 'agreement.pdf',
  label: `${role} signature`,
  type: 'signature' as const,
  page: 1,
  x: 72,
  y,
  width: 200,
  height: 40,
  role,
});

describe('role colours and language in the designer', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`chooses a colour and a language, saves, reloads (${viewport.width} px)`, async () => {
      const { accountId, ownerMemberId } = await createAccount(api.runtime.ctx, {
        name: `Colours ${name}`,
        email: `owner@colours-${name}.test`,
      });
      const { templateId } = await createTemplate(api.runtime.ctx, accountId, {
        name: 'Two roles',
        documents: [{ filename: 'agreement.pdf', bytes: await agreementPdf(1) }],
        roles: ['Client', 'Witness'],
        fields: [signature('Client', 420), signature('Witness', 520)],
      });
      const context = await newContext(browser, problems, viewport);
      const page = await context.newPage();
      await signInWithPrintedLink(page, api, ownerMemberId);
      await page.goto(`${api.url}/app/templates/${templateId}`);
      await page.locator('.dz-page[data-page="1"][data-rendered="true"]').waitFor();
      const clientColor = page.getByLabel('Colour of Client');
      const clientField = page.locator('.dz-field', { hasText: 'Client signature' });
      // Defaults by position until a member chooses.
      expect(await clientColor.inputValue()).toBe(defaultRoleColor(0));
      expect(await page.getByLabel('Colour of Witness').inputValue()).toBe(defaultRoleColor(1));

      // Too light to see on the page: the reason next to the role, nothing saved.
      await clientColor.fill('#ffee88');
      await page
        .getByRole('region', { name: 'Roles' })
        .getByText("Client's colour is too light to see on the page")
        .waitFor();
      await page.getByRole('status').filter({ hasText: 'Not saved' }).waitFor({ timeout: 15_000 });
      expect((await getTemplateDetail(api.runtime.ctx, accountId, templateId)).version).toBe(1);
      // Chromium logs the refused save; that 400 is this step's expected answer, nothing else may be logged.
      expect(problems.splice(0).filter((p) => !/status of 400 \(Bad Request\)/.test(p))).toEqual([]);

      await clientColor.fill('#7a1f5c');
      await page.getByLabel('Language of signing pages and emails').selectOption('de');
      await expect
        .poll(async () => await getTemplateDetail(api.runtime.ctx, accountId, templateId), {
          timeout: 30_000,
        })
        .toMatchObject({
          defaultLocale: 'de',
          roleColors: { Client: '#7a1f5c', Witness: defaultRoleColor(1) },
        });
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      await expectAccessible(page, `designer roles at ${viewport.width}`);
      await screenshot(page, `designer-roles-${viewport.width}.png`);

      // After a reload: the saved colour on the role and its field, the saved language.
      await page.reload();
      await page.locator('.dz-page[data-page="1"][data-rendered="true"]').waitFor();
      expect(await clientColor.inputValue()).toBe('#7a1f5c');
      expect(
        await clientField.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).borderTopColor),
      ).toBe('rgb(122, 31, 92)');
      expect(await page.getByLabel('Language of signing pages and emails').inputValue()).toBe('de');
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
