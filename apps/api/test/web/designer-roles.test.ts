import { createAccount, getTemplateDetail } from '@countersign/core';
import { defaultRoleColor } from '@countersign/schemas';
import { describe, expect, it } from 'vitest';
import { agreementTemplate, openDesigner, signatureField, signedInPage } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, VIEWPORTS } from './browser.ts';

// The designer's role colours and the template's default language: chosen, autosaved, still there after a
// reload, drawn on the role's fields; a colour too light to see is flagged next to the role and not saved.

const world = appWorld({ worker: false });

describe('role colours and language in the designer', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`chooses a colour and a language, saves, reloads (${viewport.width} px)`, async () => {
      const { accountId, ownerMemberId } = await createAccount(world.api.runtime.ctx, {
        name: `Colours ${name}`,
        email: `owner@colours-${name}.test`,
      });
      const { templateId } = await agreementTemplate(world.api, accountId, {
        name: 'Two roles',
        pages: 1,
        roles: ['Client', 'Witness'],
        fields: [signatureField('Client', 72, 420), signatureField('Witness', 72, 520)],
      });
      const page = await signedInPage(world, ownerMemberId, viewport);
      await openDesigner(page, world.api, templateId);
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
      expect((await getTemplateDetail(world.api.runtime.ctx, accountId, templateId)).version).toBe(1);
      // Chromium logs the refused save; that 400 is this step's expected answer, nothing else may be logged.
      expect(world.problems.splice(0).filter((p) => !/status of 400 \(Bad Request\)/.test(p))).toEqual([]);

      await clientColor.fill('#7a1f5c');
      await page.getByLabel('Language of signing pages and emails').selectOption('de');
      await expect
        .poll(async () => await getTemplateDetail(world.api.runtime.ctx, accountId, templateId), {
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
      expect(world.problems).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});
