import { describe, expect, it } from 'vitest';
import { de } from '../src/pages/i18n/de.ts';
import {
  dropExpectedProblems,
  expectAccessible,
  newContext,
  screenshot,
  signingWorld,
  VIEWPORTS,
} from './web/browser.ts';

// Asking for a one-time code again within the cooldown (after a reload, say) keeps the code box: the code
// already emailed can still be typed. The page says why in its own language; here German, at 375 and 1280 px.

const world = signingWorld();

describe('the one-time code cooldown on a German signing page', () => {
  it('keeps the code box after a reload, says so in German, and the emailed code verifies', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const s = await world.signing.send({
        recipients: [{ name: `Greta Gruber ${viewport.width}` }],
        locale: 'de',
        title: 'Mietvertrag',
      });
      const context = await newContext(world.browser, world.problems, viewport);
      const page = await context.newPage();
      await page.goto(`${world.signing.api.url}/s/${s.tokens[0]}`);
      await page.getByRole('heading', { name: de['gate.title'] }).first().waitFor();
      await page.getByRole('button', { name: de['gate.send'] }).click();
      await page.getByLabel(de['gate.codeLabel']).waitFor();
      expect(await page.locator('#gate-note').textContent()).toBe(de['gate.sent']);

      // A reload within 30 seconds: the page offers to send a code again, and the server refuses (429).
      await page.reload();
      await page.getByRole('button', { name: de['gate.send'] }).click();
      const box = page.getByLabel(de['gate.codeLabel']);
      await box.waitFor();
      const note = (await page.locator('#gate-note').textContent()) ?? '';
      expect(note).toBe(de['gate.cooldown'].replace('{when}', 'in 30 Sekunden'));
      expect(note).not.toMatch(/recently|try again/);
      expect(await box.isEditable()).toBe(true);
      expect(await page.evaluate('document.activeElement?.id')).toBe('code');
      expect(await page.getByRole('button', { name: de['gate.resend'] }).isDisabled()).toBe(true);
      await expectAccessible(page, `cooldown ${viewport.width}`);
      await screenshot(page, `code-cooldown-de-${viewport.width}.png`);

      // The code emailed before the reload still works.
      const email = await world.signing.smtp.waitFor((m) => JSON.stringify(m.to).includes(s.emails[0]!));
      expect(email.subject).toContain('Mietvertrag');
      await box.fill(/\b(\d{6})\b/.exec(email.text ?? '')![1]!);
      await page.getByRole('button', { name: de['gate.verify'] }).click();
      await page.getByRole('heading', { name: de['state.verified'] }).waitFor();
      await context.close();
    }
    // Chromium logs the 429 the page handles.
    dropExpectedProblems(world.problems, /status of 429/);
    expect(world.problems).toEqual([]);
  }, 120_000);
});
