import { describe, expect, it } from 'vitest';
import { signedInPage } from './app-support.ts';
import { appWorld, closeClean, expectAccessible, screenshot, VIEWPORTS } from './browser.ts';

// The app's navigation fits a phone (issue 31): at 375 px every destination is on screen, whole, with no
// scrolling, and reachable by Tab; at 1280 px it is one row.

const world = appWorld();
const DESTINATIONS = ['Sessions', 'Templates', 'Reports', 'Integration', 'Drive', 'Webhooks', 'Settings'];

describe('the navigation', () => {
  it('shows every destination whole at 375 px and in one row at 1280 px', async () => {
    const account = await world.api.newAccount('Nav Ltd', 'owner@nav.test');
    const page = await signedInPage(world, account.ownerMemberId, VIEWPORTS.phone);
    await page.goto(`${world.api.url}/app/sessions`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sessions' }).waitFor();
    const boxes = async () =>
      Promise.all(DESTINATIONS.map(async (name) => (await nav.getByRole('link', { name }).boundingBox())!));
    for (const [i, box] of (await boxes()).entries()) {
      expect(box.x, DESTINATIONS[i]).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, DESTINATIONS[i]).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    expect(await nav.locator('ul').evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).toBe(true);
    await expectAccessible(page, 'navigation at 375');
    await screenshot(page, 'navigation-375.png');
    // By keyboard: the skip link, the links in order.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    for (const name of DESTINATIONS) {
      expect(await page.evaluate('document.activeElement?.textContent')).toBe(name);
      await page.keyboard.press('Tab');
    }

    await page.setViewportSize(VIEWPORTS.desktop);
    const tops = new Set((await boxes()).map((b) => Math.round(b.y)));
    expect(tops.size).toBe(1);
    await screenshot(page, 'navigation-1280.png');
    await closeClean(world, page);
  }, 90_000);
});
