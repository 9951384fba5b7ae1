import { addMember, createAccount, getTemplateDetail } from '@countersign/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agreementTemplate, openDesigner, signatureField, signedInPage } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, VIEWPORTS } from './browser.ts';

// Two members edit one template at once: the later save gets a conflict (409) it resolves, either way, and
// never a silent overwrite. Ann works at 1280 px, Ben on a 375 px phone; the conflict notice is checked with
// axe and photographed at both widths.

const world = appWorld({ worker: false });

async function rename(page: Page, name: string) {
  await page.getByLabel('Template name').fill(name);
}
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
const conflict = (page: Page) =>
  page
    .getByRole('alert')
    .filter({ hasText: 'Someone else saved this template' })
    .waitFor({ timeout: 15_000 });

describe('two members editing one template', () => {
  it('gives the later save a conflict to resolve: load theirs, or keep mine', async () => {
    const { accountId, ownerMemberId } = await createAccount(world.api.runtime.ctx, {
      name: 'Conflicts Ltd',
      email: 'ann@conflicts.test',
    });
    const ben = await addMember(world.api.runtime.ctx, accountId, {
      email: 'ben@conflicts.test',
      role: 'member',
    });
    const { templateId } = await agreementTemplate(world.api, accountId, {
      name: 'Lease',
      pages: 1,
      roles: ['Client'],
      fields: [signatureField('Client', 72, 420)],
    });
    const open = async (memberId: string, viewport: { width: number; height: number }) => {
      const page = await signedInPage(world, memberId, viewport);
      await openDesigner(page, world.api, templateId);
      return page;
    };
    const ann = await open(ownerMemberId, VIEWPORTS.desktop);
    const benPage = await open(ben.id, VIEWPORTS.phone);
    const server = async () => await getTemplateDetail(world.api.runtime.ctx, accountId, templateId);

    // Ann saves first; Ben's later save (based on the version he opened) is refused, nothing overwritten.
    await rename(ann, 'Lease by Ann');
    await saved(ann);
    await rename(benPage, 'Lease by Ben');
    await conflict(benPage);
    expect(await server()).toMatchObject({ version: 2, name: 'Lease by Ann' });
    await expectAccessible(benPage, 'designer conflict at 375');
    await screenshot(benPage, 'designer-conflict-375.png');

    // "Load their version": Ben continues from Ann's save.
    await benPage.getByRole('button', { name: 'Load their version (discard mine)' }).click();
    expect(await benPage.getByLabel('Template name').inputValue()).toBe('Lease by Ann');
    await saved(benPage);

    // Again, and this time Ben keeps his: a deliberate replace, saved over Ann's newer version.
    await rename(ann, 'Lease, final by Ann');
    await saved(ann);
    await benPage.setViewportSize(VIEWPORTS.desktop);
    await rename(benPage, 'Lease, final by Ben');
    await conflict(benPage);
    await expectAccessible(benPage, 'designer conflict at 1280');
    await screenshot(benPage, 'designer-conflict-1280.png');
    expect(await server()).toMatchObject({ version: 3, name: 'Lease, final by Ann' });
    await benPage.getByRole('button', { name: 'Keep mine (replace theirs)' }).click();
    await saved(benPage);
    expect(await server()).toMatchObject({ version: 4, name: 'Lease, final by Ben' });

    // Chromium logs the two 409s, which the designer turned into the notice; nothing else may be logged.
    expect(world.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  }, 180_000);
});
