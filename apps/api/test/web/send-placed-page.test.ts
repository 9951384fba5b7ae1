import type { SigningView } from '@countersign/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signBody } from '../signing-setup.ts';
import { agreementPdf, signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, tabTo, typeInto, VIEWPORTS } from './browser.ts';

// Issue 31, part 2: "Send documents" with the fields placed by the member. The PDFs (a drive file and one from
// this device) become a template whose roles are the recipients, the designer opens on it, the send page starts
// from what was typed, and the template is archived after the send unless kept. Keyboard only, both widths, axe.

const world = appWorld();

/** Tab to the radio group `name`'s checked radio, then arrow `steps` choices on. */
async function chooseRadio(page: Page, name: string, steps: number): Promise<void> {
  await tabTo(page, `input[name="${name}"]:checked`);
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
}

/** Adds a signature on the page in view from the palette, by keyboard, and gives it to `role`'s position. */
async function addSignature(page: Page, roleSteps: number): Promise<void> {
  const before = await page.locator('.dz-field').count();
  await tabTo(page, '[data-field-type="signature"]');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.dz-field').count()).toBe(before + 1);
  if (roleSteps === 0) return;
  // On to the inspector's "Filled by", then down the roles.
  const focused = () =>
    page.evaluate('document.activeElement?.closest("label")?.firstElementChild?.textContent');
  for (let i = 0; (await focused()) !== 'Filled by'; i++) {
    if (i === 60) throw new Error('"Filled by" not reachable with Tab');
    await page.keyboard.press('Tab');
  }
  for (let i = 0; i < roleSteps; i++) await page.keyboard.press('ArrowDown');
}

const json = async <T>(path: string, token: string) =>
  (await (await world.api.fetch(path, { headers: { authorization: `Bearer ${token}` } })).json()) as T;

describe('sending your own documents with fields you place', () => {
  it('turns a drive file and an upload into a template for the recipients, places their fields, sends, and archives it', async () => {
    const account = await world.api.newAccount('Placed Ltd', 'owner@placed.test');
    const onDrive = new FormData();
    onDrive.append('files', new Blob([await agreementPdf(1)], { type: 'application/pdf' }), 'terms.pdf');
    const stored = await world.api.fetch('/api/drive/files', {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}` },
      body: onDrive,
    });
    expect(stored.status).toBe(201);
    const [{ cloudFileId }] = ((await stored.json()) as { files: { cloudFileId: string }[] }).files as [
      { cloudFileId: string },
    ];

    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/send`);
    await page.getByRole('heading', { name: 'Send documents' }).waitFor();
    // Choosing a file goes through the system's dialog, which no page can drive; everything else is keys.
    await page.locator('input[name="files"]').setInputFiles({
      name: 'supply.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await agreementPdf(2)),
    });
    await tabTo(page, `input[value="${cloudFileId}"]`);
    await page.keyboard.press('Space');
    await chooseRadio(page, 'fieldsBy', 1);
    await typeInto(page, 'input[name="title"]', 'Supply contract');
    await chooseRadio(page, 'signingType', 1);
    await chooseRadio(page, 'authRequirement', 1);
    await typeInto(page, 'input[name="name-0"]', 'Bea Buyer');
    await typeInto(page, 'input[name="email-0"]', 'bea@buyer.test');
    await tabTo(page, 'button:text("Add a recipient")');
    await page.keyboard.press('Enter');
    await typeInto(page, 'input[name="name-1"]', 'Sam Supplier');
    await typeInto(page, 'input[name="email-1"]', 'sam@supplier.test');
    await atBothWidths(page, 'send-placed-form');
    await tabTo(page, 'button[type="submit"]');
    expect(await page.locator('button[type="submit"]').textContent()).toBe('Place the fields');
    await page.keyboard.press('Enter');

    // The designer, on a template named for the send with one role per recipient, in their order.
    await page.waitForURL(/\/app\/templates\/[0-9a-f-]{36}$/);
    const templateId = page.url().split('/').at(-1)!;
    await page.getByText('Sending to Bea Buyer and Sam Supplier').waitFor();
    const made = await json<{ name: string; roles: string[]; documents: { filename: string }[] }>(
      `/api/templates/${templateId}`,
      account.accessToken,
    );
    expect(made).toMatchObject({ name: 'Supply contract', roles: ['Bea Buyer', 'Sam Supplier'] });
    expect(made.documents.map((d) => d.filename)).toEqual(['terms.pdf', 'supply.pdf']);
    await page.locator('.dz-page[data-page="1"][data-rendered="true"]').first().waitFor();
    await addSignature(page, 0);
    await addSignature(page, 1);
    await page.getByText('All changes saved').waitFor();
    await atBothWidths(page, 'send-placed-designer');

    // A reload loses nothing: the fields are saved and the send still waits for them.
    await page.reload();
    await page.getByText('Sending to Bea Buyer and Sam Supplier').waitFor();
    await expect.poll(() => page.locator('.dz-field').count()).toBe(2);

    await tabTo(page, 'button:text("Send…")');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Send Supply contract' }).waitFor();
    expect(await page.locator('input[name="name-0"]').inputValue()).toBe('Bea Buyer');
    expect(await page.locator('input[name="email-1"]').inputValue()).toBe('sam@supplier.test');
    expect(await page.locator('input[name="signingType"]:checked').getAttribute('value')).toBe('sequential');
    expect(await page.locator('input[name="keep"]').isChecked()).toBe(false);
    await atBothWidths(page, 'send-placed-send');
    await tabTo(page, 'button[type="submit"]');
    expect(await page.locator('button[type="submit"]').textContent()).toBe('Create the links');
    await page.keyboard.press('Enter');

    const result = page.getByRole('region', { name: /^Sent/ });
    await result.waitFor();
    await page.getByText('The template made for it is archived').waitFor();
    const links = await result.locator('code.link-text').allTextContents();
    expect(links).toHaveLength(2);
    const sessionId = (await result.getByRole('link', { name: 'Follow the session' }).getAttribute('href'))!
      .split('/')
      .at(-1)!;
    const session = await json<{
      title: string;
      documents: { filename: string }[];
      participants: { name: string }[];
    }>(`/api/sessions/${sessionId}`, account.accessToken);
    expect(session.title).toBe('Supply contract');
    expect(session.documents.map((d) => d.filename)).toEqual(['terms.pdf', 'supply.pdf']);
    expect(session.participants.map((p) => p.name)).toEqual(['Bea Buyer', 'Sam Supplier']);
    // Out of the templates list, not gone; and nothing waits in the browser any more.
    const active = await json<{ templates: { templateId: string }[] }>('/api/templates', account.accessToken);
    expect(active.templates.map((t) => t.templateId)).not.toContain(templateId);
    const archived = await json<{ templates: { templateId: string }[] }>(
      '/api/templates?archived=true',
      account.accessToken,
    );
    expect(archived.templates.map((t) => t.templateId)).toContain(templateId);
    expect(await page.evaluate('Object.keys(localStorage).filter((k) => k.includes("placed-send"))')).toEqual(
      [],
    );

    // Each signs their own field, in order, through the signer API (the signing page is other tests' to drive).
    for (const [i, link] of links.entries()) {
      const token = link.split('/s/')[1]!;
      const view = (await (await world.api.fetch(`/api/signing/${token}`)).json()) as SigningView;
      expect(view.fields.filter((f) => f.mine).map((f) => f.label)).toEqual([
        i === 0 ? 'Bea Buyer signature' : 'Sam Supplier signature',
      ]);
      expect((await world.api.post(`/api/signing/${token}/sign`, signBody(view))).status).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (await json<{ status: string }>(`/api/sessions/${sessionId}`, account.accessToken)).status,
        {
          timeout: 60_000,
        },
      )
      .toBe('completed');
    await closeClean(world, page);
  }, 240_000);

  it('keeps the template when asked, on a phone', async () => {
    const account = await world.api.newAccount('Kept Ltd', 'owner@kept.test');
    const page = await signedInPage(world, account.ownerMemberId, VIEWPORTS.phone);
    await page.goto(`${world.api.url}/app/send`);
    await page.locator('input[name="files"]').setInputFiles({
      name: 'nda.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await agreementPdf(1)),
    });
    await chooseRadio(page, 'fieldsBy', 1);
    await typeInto(page, 'input[name="name-0"]', 'Kim Keeper');
    await typeInto(page, 'input[name="email-0"]', 'kim@kept.test');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/templates\/[0-9a-f-]{36}$/);
    const templateId = page.url().split('/').at(-1)!;
    await page.getByText('Sending to Kim Keeper').waitFor();
    await addSignature(page, 0);
    await page.getByText('All changes saved').waitFor();
    await tabTo(page, 'button:text("Send…")');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Send nda' }).waitFor();
    await tabTo(page, 'input[name="keep"]');
    await page.keyboard.press('Space');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.getByText('The template stays in Templates').waitFor();
    const active = await json<{ templates: { templateId: string; name: string }[] }>(
      '/api/templates',
      account.accessToken,
    );
    expect(active.templates).toEqual([expect.objectContaining({ templateId, name: 'nda' })]);
    await closeClean(world, page);
  }, 180_000);
});
