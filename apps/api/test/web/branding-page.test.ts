import { brandingOf, createAccount } from '@countersign/core';
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../signing-setup.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, VIEWPORTS } from './browser.ts';

// The settings page's branding form against the real API: what it saves is what the signing page and emails use.

const world = appWorld();

describe('the branding form in settings', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`sets colour, logo, language and frame origins at ${viewport.width} px; a low-contrast colour is refused`, async () => {
      const { accountId, ownerMemberId } = await createAccount(world.api.runtime.ctx, {
        name: `Brand ${size}`,
        email: `brand-${size}@brand.test`,
      });
      const page = await signedInPage(world, ownerMemberId, viewport);
      await page.goto(`${world.api.url}/app/settings`);
      const form = page.getByRole('form', { name: 'Signing page and emails' });
      await form.waitFor();

      // Yellow cannot carry white text: the server's reason is shown, nothing changes.
      await page.getByLabel(/^Accent colour/).fill('#ffff00');
      await page.getByRole('button', { name: 'Save branding' }).click();
      await form
        .getByRole('alert')
        .getByText(/contrast/)
        .waitFor();
      expect((await brandingOf(world.api.runtime.ctx, accountId)).accentColor).toBeNull();
      await expectAccessible(page, `branding refused at ${viewport.width}`);

      await page.getByLabel(/^Accent colour/).fill('#0f766e');
      await page.getByLabel(/^Logo/).setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from(TINY_PNG.split(',')[1]!, 'base64'),
      });
      await page.getByLabel(/^Default language/).selectOption('de');
      await page.getByLabel(/^Origins allowed/).fill('https://app.example.com\nhttp://localhost:5173');
      await page.getByRole('button', { name: 'Save branding' }).click();
      await page.getByRole('status').getByText('Branding saved.').waitFor();
      await page.getByRole('img', { name: 'Current logo' }).waitFor();
      await expectAccessible(page, `branding saved at ${viewport.width}`);
      await screenshot(page, `settings-branding-${viewport.width}.png`);

      const saved = await brandingOf(world.api.runtime.ctx, accountId);
      expect(saved).toMatchObject({
        accentColor: '#0f766e',
        defaultLocale: 'de',
        frameOrigins: ['https://app.example.com', 'http://localhost:5173'],
      });
      expect(saved.logoHash).toBeTruthy();

      // The logo goes again; the rest stays.
      await page.getByRole('button', { name: 'Remove logo' }).click();
      await page.getByRole('button', { name: 'Save branding' }).click();
      await expect
        .poll(async () => (await brandingOf(world.api.runtime.ctx, accountId)).logoHash ?? null)
        .toBeNull();
      expect((await brandingOf(world.api.runtime.ctx, accountId)).accentColor).toBe('#0f766e');
      await page.context().close();
      // The one 400 is the refused colour, asked for above.
      expect(world.problems.splice(0)).toEqual([
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    }, 120_000);
  }
});
