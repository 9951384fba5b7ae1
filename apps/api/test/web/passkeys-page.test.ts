import { createAccount, createSignInLink } from '@countersign/core';
import { memberSessions } from '@countersign/db';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_TIMEOUT_MS } from './app-support.ts';
import { appWorld, atBothWidths, newContext, virtualAuthenticator } from './browser.ts';

// Passkeys in Chromium with its virtual authenticator (CDP WebAuthn domain: CTAP2, internal transport, resident
// keys, user verification): add one in Settings, rename it, sign out, sign in with it, remove it, and a sign-in
// with the removed one (still on the device) is refused with the server's reason. Pages at 375 and 1280 px, axe.
// The app is opened at PUBLIC_URL (http://localhost:port): WebAuthn takes the RP ID from the page's host, and an
// IP address cannot be one.

const world = appWorld({ worker: false });
let base: string;

beforeAll(() => {
  base = world.api.config.publicUrl;
});

const latestSessionMethod = async (memberId: string) =>
  (
    await world.api.runtime.db
      .select({ method: memberSessions.method })
      .from(memberSessions)
      .where(eq(memberSessions.memberId, memberId))
      .orderBy(desc(memberSessions.createdAt))
      .limit(1)
  )[0]?.method;

describe('passkeys in the browser', () => {
  it('adds a passkey, signs in with it, removes it; the removed one no longer signs in', async () => {
    const { ownerMemberId } = await createAccount(world.api.runtime.ctx, {
      name: 'Passkey Ltd',
      email: 'owner@passkeys.test',
    });
    const context = await newContext(world.browser, world.problems);
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    page.on('dialog', (d) => void d.accept());

    const { url } = await createSignInLink(world.api.runtime.ctx, ownerMemberId);
    await page.goto(url, { timeout: FIRST_LOAD_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${base}/app/sessions`);

    // Add one in Settings; it is on the device (resident) and in the list.
    await page.goto(`${base}/app/settings`);
    const section = page.getByRole('region', { name: 'Your passkeys' });
    await section.getByText('No passkeys yet.').waitFor();
    await section.getByLabel('Name (optional)').fill('Test laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByRole('status').filter({ hasText: 'Passkey added: Test laptop.' }).waitFor();
    const row = section.getByRole('row').filter({ hasText: 'Test laptop' });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('never');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // Rename it.
    await section.getByRole('button', { name: 'Rename Test laptop' }).click();
    await section.getByLabel('New name for Test laptop').fill('Work laptop');
    await section.getByRole('button', { name: 'Save' }).click();
    const renamed = section.getByRole('row').filter({ hasText: 'Work laptop' });
    await renamed.waitFor();
    await atBothWidths(page, 'settings-passkeys', section);

    // Sign out, then in with the passkey: no email, a session of method "passkey".
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/sign-in/);
    await atBothWidths(page, 'sign-in-passkey');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${base}/app/sessions`);
    expect(await latestSessionMethod(ownerMemberId)).toBe('passkey');
    await page.goto(`${base}/app/settings`);
    await expect.poll(() => renamed.getByRole('cell').nth(2).textContent()).not.toBe('never');

    // Remove it: gone from the list; the device still holds it, but it signs in no more.
    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    await section.getByText('No passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/app\/sign-in/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'this passkey is not registered here (it may have been removed)' })
      .waitFor();
    expect(page.url()).toMatch(/\/app\/sign-in/);
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
    expect(await latestSessionMethod(ownerMemberId)).toBe('passkey');
    // Chromium logs the 400 of the refused sign-in (and the 401s of signed-out pages are filtered already).
    expect(world.problems.filter((p) => !/status of 400 \(Bad Request\)/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);
});
