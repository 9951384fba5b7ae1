import { describe, expect, it } from 'vitest';
import { signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, tabTo } from './browser.ts';

// Outcome emails in Settings (issue 31, part 6), by keyboard only: a member turns their own emails off and
// picks their language ("Your emails"); the owner sets the account's outcome address (Account). The API shows
// each change. Screenshots at 375 and 1280 px, axe on the saved state.

const world = appWorld();

describe('outcome email settings', () => {
  it('saves the member’s own emails and the account’s outcome address', async () => {
    const account = await world.api.newAccount('Notify Ltd', 'owner@notify.test');
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/settings`);
    const mine = page.getByRole('form', { name: 'Your emails' });
    await mine.waitFor();
    const box = mine.getByLabel('Email me when a session I sent completes or is declined');
    expect(await box.isChecked()).toBe(true);

    await tabTo(page, 'input[name="outcomeEmails"]');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab'); // the language
    await page.keyboard.type('Fr');
    await tabTo(page, 'button:has-text("Save my emails")');
    await page.keyboard.press('Enter');
    await mine.getByRole('status').getByText('Saved.').waitFor();
    await atBothWidths(page, 'settings-emails', mine);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const preferences = await world.api.fetch('/api/me/preferences', { headers: { cookie } });
    expect(await preferences.json()).toEqual({ outcomeEmails: false, emailLocale: 'fr' });

    // The owner's part: the address told of every outcome.
    const accountForm = page.getByRole('form', { name: 'Account' });
    await tabTo(page, 'input[name="outcomeEmail"]');
    await page.keyboard.type('contracts@notify.test');
    await page.keyboard.press('Enter');
    await accountForm.getByRole('status').getByText('Saved.').waitFor();
    const settings = await world.api.fetch('/api/account', {
      headers: { authorization: `Bearer ${account.accessToken}` },
    });
    expect(((await settings.json()) as { outcomeEmail: string }).outcomeEmail).toBe('contracts@notify.test');
    await closeClean(world, page);
  }, 120_000);
});
