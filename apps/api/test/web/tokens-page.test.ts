import { memberScopes, type Scope, scopes } from '@countersign/schemas/scopes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, takeSecret } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, tabTo, VIEWPORTS } from './browser.ts';

// Who may do what, in the web app (docs/web-app.md "Refresh tokens and roles"): an owner makes a token with
// chosen scopes and sees who made each token; a member sees only their own tokens and no administration; an
// owner's demotion of a member takes account:admin from the member's tokens at once. The API's answers are
// checked after each step; screenshots at 375 and 1280 px, axe on each state.

const world = appWorld();

type TokenRow = { tokenId: string; label: string | null; scopes: Scope[]; test: boolean; createdBy: unknown };

/** An account with an owner, and the bearer of its CLI-made token (every scope). */
async function ownerAccount(tag: string) {
  const account = await world.api.newAccount(`Tokens ${tag}`, `owner-${tag}@tokens.test`);
  const auth = { authorization: `Bearer ${account.accessToken}` };
  const tokens = async () =>
    ((await (await world.api.fetch('/api/tokens', { headers: auth })).json()) as { tokens: TokenRow[] })
      .tokens;
  const invite = async (email: string, role: 'owner' | 'member') => {
    const res = await world.api.post('/api/members', { email, role }, account.accessToken);
    expect(res.status).toBe(201);
    return ((await res.json()) as { memberId: string }).memberId;
  };
  return { ...account, email: `owner-${tag}@tokens.test`, tokens, invite };
}

/** What GET /api/me says a refresh token may do now (a fresh access token from it). */
async function scopesOf(refreshToken: string): Promise<Scope[]> {
  const exchanged = await world.api.post('/connect/token', { refresh_token: refreshToken });
  const { access_token } = (await exchanged.json()) as { access_token: string };
  const me = await world.api.fetch('/api/me', { headers: { authorization: `Bearer ${access_token}` } });
  return ((await me.json()) as { scopes: Scope[] }).scopes;
}

const tokenForm = (page: Page) => page.getByRole('form', { name: 'Create a refresh token' });
const scopeBox = (page: Page, scope: Scope) =>
  tokenForm(page).getByRole('checkbox', { name: new RegExp(` ${scope}$`) });
const rowOf = (page: Page, label: string) => page.locator('tbody tr', { hasText: label });
const cell = (page: Page, label: string, column: string) =>
  rowOf(page, label).locator(`td[data-label="${column}"]`);

describe('refresh tokens and roles in the web app', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const keyboard = size === 'desktop';
    it(`an owner makes a test token with two scopes (${keyboard ? 'keyboard only' : 'pointer'}) at ${viewport.width} px`, async () => {
      const account = await ownerAccount(size);
      const page = await signedInPage(world, account.ownerMemberId, viewport);
      await page.goto(`${world.api.url}/app/integration`);
      await tokenForm(page).waitFor();
      await page.getByRole('heading', { name: "The account's tokens" }).waitFor();
      // Every scope offered (the owner holds them all), each ticked, each with what it allows.
      for (const scope of scopes) expect(await scopeBox(page, scope).isChecked(), scope).toBe(true);
      await tokenForm(page).getByText('Manage webhook endpoints and their deliveries.').waitFor();
      // The CLI's token of the account: every scope, made by the CLI.
      expect(await cell(page, 'initial', 'Created by').textContent()).toBe('CLI');
      expect(await cell(page, 'initial', 'Scopes').textContent()).toBe('Every scope');
      await expectAccessible(page, `token form at ${viewport.width}`);
      await screenshot(page, `tokens-form-${viewport.width}.png`);

      const label = `deploys ${size}`;
      const dropped = scopes.filter((s) => s !== 'sessions:send' && s !== 'sessions:read');
      if (keyboard) {
        await tabTo(page, 'input[placeholder="e.g. production backend"]');
        await page.keyboard.type(label);
        for (const scope of dropped) {
          await tabTo(page, `input[value="${scope}"]`);
          await page.keyboard.press('Space');
        }
        await tabTo(page, 'input[name="token-mode"]:checked');
        await page.keyboard.press('ArrowRight'); // Live -> Test
        await tabTo(page, 'form[aria-label="Create a refresh token"] button[type="submit"]');
        await page.keyboard.press('Enter');
      } else {
        await tokenForm(page).getByLabel('Label').fill(label);
        for (const scope of dropped) await scopeBox(page, scope).uncheck();
        await tokenForm(page)
          .getByLabel(/^Test:/)
          .check();
        await tokenForm(page).getByRole('button', { name: 'Create token' }).click();
      }
      await page.getByText('New refresh token: Send sessions, Read sessions, test').waitFor();
      await page.getByTestId('secret').scrollIntoViewIfNeeded();
      await expectAccessible(page, `new token at ${viewport.width}`);
      await screenshot(page, `tokens-created-${viewport.width}.png`);
      const secret = await takeSecret(page);
      expect(secret).toMatch(/^csrt_/);

      await cell(page, label, 'Scopes').getByText('Send sessions, Read sessions').waitFor();
      expect(await cell(page, label, 'Created by').textContent()).toBe(account.email);
      expect(await cell(page, label, 'Mode').textContent()).toBe('Test');
      expect(await cell(page, label, 'Last used').textContent()).toBe('never');
      // The form is back to its defaults.
      for (const scope of scopes) expect(await scopeBox(page, scope).isChecked(), scope).toBe(true);
      await rowOf(page, label).scrollIntoViewIfNeeded();
      await expectAccessible(page, `token list at ${viewport.width}`);
      await screenshot(page, `tokens-list-${viewport.width}.png`);

      // The API agrees, and the token can do what it was given and no more.
      const made = (await account.tokens()).find((t) => t.label === label);
      expect(made).toMatchObject({
        scopes: ['sessions:send', 'sessions:read'],
        test: true,
        createdBy: { kind: 'member', memberId: account.ownerMemberId, email: account.email },
      });
      expect(await scopesOf(secret)).toEqual(['sessions:send', 'sessions:read']);
      await page.context().close();
      expect(world.problems.splice(0)).toEqual([]);
    }, 180_000);

    it(`a member sees only their own tokens and no administration at ${viewport.width} px`, async () => {
      const account = await ownerAccount(`members-${size}`);
      const email = `plain-${size}@tokens.test`;
      const memberId = await account.invite(email, 'member');
      const page = await signedInPage(world, memberId, viewport);

      await page.goto(`${world.api.url}/app/integration`);
      await page.getByRole('heading', { name: 'Your tokens' }).waitFor();
      await page.getByText('No tokens yet.').waitFor(); // the owner's CLI token is not theirs
      // Offered: the member's scopes, account:admin not among them.
      await expect.poll(() => tokenForm(page).getByRole('checkbox').count()).toBe(memberScopes.length);
      expect(await scopeBox(page, 'account:admin').count()).toBe(0);
      await tokenForm(page).getByLabel('Label').fill('my laptop');
      await tokenForm(page).getByRole('button', { name: 'Create token' }).click();
      const secret = await takeSecret(page);
      expect(await cell(page, 'my laptop', 'Created by').textContent()).toBe(email);
      expect(await page.locator('tbody tr').count()).toBe(1);
      await expectAccessible(page, `member's tokens at ${viewport.width}`);
      await screenshot(page, `tokens-member-${viewport.width}.png`);
      expect(await scopesOf(secret)).toEqual([...memberScopes]);
      // The owner sees both: the CLI's and the member's.
      expect((await account.tokens()).map((t) => t.label).sort()).toEqual(['initial', 'my laptop']);

      // Settings: read-only, with the reason; no invite, remove, role or save controls but for the member's own
      // emails, which are theirs to set.
      await page.goto(`${world.api.url}/app/settings`);
      const members = page.getByRole('region', { name: 'Members' });
      await members.getByText('Only an owner can invite or remove members and change their roles.').waitFor();
      await members.getByRole('cell', { name: email }).waitFor();
      expect(await page.getByRole('button', { name: /^(Save|Invite|Remove)/ }).allTextContents()).toEqual([
        'Save my emails',
      ]);
      expect(await page.getByLabel(/^Outcome address/).isDisabled()).toBe(true);
      expect(await page.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
      expect(await page.getByText('Only an owner can change these.').count()).toBeGreaterThan(0);
      expect(await page.getByLabel('Account name', { exact: true }).isDisabled()).toBe(true);
      await expectAccessible(page, `member's settings at ${viewport.width}`);
      await screenshot(page, `settings-member-${viewport.width}.png`);

      // Drive: which drive it is, but no connect or disconnect.
      await page.goto(`${world.api.url}/app/drive`);
      await page.getByText('Only an owner can connect or disconnect a drive.').waitFor();
      expect(await page.getByRole('button', { name: /Connect|Disconnect/ }).count()).toBe(0);

      // Their own token they revoke.
      await page.goto(`${world.api.url}/app/integration`);
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Revoke my laptop' }).click();
      await page.getByText('No tokens yet.').waitFor();
      expect((await account.tokens()).map((t) => t.label)).toEqual(['initial']);
      await page.context().close();
      expect(world.problems.splice(0)).toEqual([]);
    }, 180_000);
  }

  it("an owner demotes a member after confirming: the member's token loses account:admin; the last owner stays", async () => {
    const account = await ownerAccount('demote');
    const email = 'second-owner@tokens.test';
    const memberId = await account.invite(email, 'owner');

    // The second owner makes a token with every scope, account:admin included.
    const theirs = await signedInPage(world, memberId);
    await theirs.goto(`${world.api.url}/app/integration`);
    expect(await scopeBox(theirs, 'account:admin').isChecked()).toBe(true);
    await tokenForm(theirs).getByLabel('Label').fill('admin script');
    await tokenForm(theirs).getByRole('button', { name: 'Create token' }).click();
    const secret = await takeSecret(theirs);
    expect(await scopesOf(secret)).toEqual([...scopes]);
    await theirs.context().close();

    // The first owner makes them a member, after a confirmation naming them.
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/settings`);
    const members = page.getByRole('region', { name: 'Members' });
    const question = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await members.getByRole('combobox', { name: `Role of ${email}` }).selectOption('member');
    expect(await question).toBe(
      `Make ${email} a member? They lose account:admin, and so do the tokens they made.`,
    );
    await members.getByRole('status').getByText(`${email} is now a member.`).waitFor();
    expect(await members.getByRole('combobox', { name: `Role of ${email}` }).inputValue()).toBe('member');
    expect(await scopesOf(secret)).toEqual([...memberScopes]);

    // The owner's token list shows the narrowed token; the owner can no longer demote themselves (409).
    await page.goto(`${world.api.url}/app/integration`);
    await cell(page, 'admin script', 'Scopes')
      .getByText(/Read the account$/)
      .waitFor();
    expect(await cell(page, 'admin script', 'Scopes').textContent()).not.toContain('Administer');
    await page.goto(`${world.api.url}/app/settings`);
    page.once('dialog', (d) => void d.accept());
    await members.getByRole('combobox', { name: `Role of ${account.email}` }).selectOption('member');
    await members.getByRole('alert').getByText('the account must keep at least one owner').waitFor();
    expect(await members.getByRole('combobox', { name: `Role of ${account.email}` }).inputValue()).toBe(
      'owner',
    );
    await members.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'last owner refused');
    await screenshot(page, 'settings-last-owner-1280.png');
    await page.context().close();
    expect(world.problems.splice(0)).toEqual([]);
  }, 180_000);
});
