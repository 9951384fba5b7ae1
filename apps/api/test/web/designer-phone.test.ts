import { createAccount, getTemplateDetail } from '@countersign/core';
import { describe, expect, it } from 'vitest';
import { agreementTemplate, signatureField, signedInPage } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, VIEWPORTS } from './browser.ts';

// The template designer on a 375 px phone: the page fits the screen, pdf.js draws it, a field is added from the
// palette and saved, and axe finds nothing serious. A direct load starts the template's requests before React
// runs (apps/web/src/features/designer/preload.ts); the designer takes them over rather than asking again.

const world = appWorld({ worker: false });

describe('the template designer at 375 px', () => {
  it('shows page 1 within the screen, places a field with click-to-place, saves', async () => {
    const { accountId, ownerMemberId } = await createAccount(world.api.runtime.ctx, {
      name: 'Phone Designs',
      email: 'owner@phone-designer.test',
    });
    const template = await agreementTemplate(world.api, accountId, {
      name: 'Phone template',
      pages: 2,
      roles: ['Client'],
      fields: [signatureField('Client', 130, 470)],
    });
    const page = await signedInPage(world, ownerMemberId, VIEWPORTS.phone);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/templates/'))
        fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(`${world.api.url}/app/templates/${template.templateId}`);
    const page1 = page.locator('.dz-page[data-page="1"]');
    await page.locator('.dz-page[data-page="1"][data-rendered="true"]').waitFor();
    // Page 2 is drawn after page 1; by then the designer has asked for everything it needs, each thing once.
    await page.locator('.dz-page[data-page="2"][data-rendered="true"]').waitFor();
    expect(fetched.sort()).toEqual([
      `/api/templates/${template.templateId}`,
      `/api/templates/${template.templateId}/documents/0`,
    ]);
    // Page 1 is drawn no wider than the screen, and the document itself does not scroll sideways.
    const box = (await page1.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await expectAccessible(page, 'designer at 375');
    await screenshot(page, 'designer-375.png');

    // Click-to-place: the palette entry arms, a click on the page places the field there.
    await page.locator('[data-field-type="text"]').click();
    await page.getByText('Click on a page to place the text field').waitFor();
    await page1.click({ position: { x: 60, y: 120 } });
    await expect.poll(() => page.locator('.dz-field').count()).toBe(2);
    await expectAccessible(page, 'designer at 375 with a new field');
    await screenshot(page, 'designer-field-375.png');
    await expect
      .poll(
        async () =>
          (await getTemplateDetail(world.api.runtime.ctx, accountId, template.templateId)).fields.length,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);
    expect(world.problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
