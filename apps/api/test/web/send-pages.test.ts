import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { devMailbox } from '@countersign/core';
import type { SigningView } from '@countersign/schemas';
import { tempDir } from '@countersign/test-support';
import { describe, expect, it } from 'vitest';
import { signBody } from '../signing-setup.ts';
import { agreementPdf, agreementTemplate, signatureField, signedInPage } from './app-support.ts';
import {
  appWorld,
  atBothWidths,
  closeClean,
  dropExpectedProblems,
  newContext,
  tabTo,
  typeInto,
  VIEWPORTS,
} from './browser.ts';

// Issue 31, parts 1 and 2: a member sends a template, or their own PDFs, from the app (docs/web-app.md,
// "Sending"), through the public `POST /api/templates/send` and `POST /api/sessions/send`: recipients in a
// chosen order, prefilled values, verification, links or emails. The template form is filled by keyboard only
// and both recipients sign in Chromium; the documents' recipients sign through the signer API.

const world = appWorld();

const companyField = {
  document: 'agreement.pdf',
  label: 'Company',
  type: 'text' as const,
  page: 1,
  x: 150,
  y: 180,
  width: 160,
  height: 20,
  required: true,
};

async function leaseTemplate(accountId: string, name = 'Lease') {
  return agreementTemplate(world.api, accountId, {
    name,
    pages: 1,
    roles: ['Tenant', 'Landlord'],
    fields: [signatureField('Tenant', 72, 420), signatureField('Landlord', 320, 420), companyField],
  });
}

/** Signs on the signing page at `url` with the typed signature the page offers (no verification). */
async function signAt(url: string): Promise<void> {
  const context = await newContext(world.browser, world.problems, VIEWPORTS.desktop);
  const page = await context.newPage();
  await page.goto(url.replace(/^https?:\/\/[^/]+/, world.api.url));
  await page.getByRole('heading', { name: 'Ready to sign' }).waitFor();
  await page.getByRole('button', { name: 'Next field' }).click();
  await page.locator('dialog#adopt').waitFor({ state: 'visible' });
  await page.locator('#adopt-ok').click();
  await expect.poll(() => page.locator('#progress').textContent()).toBe('All fields done.');
  await page.getByRole('button', { name: 'Finish signing' }).click();
  await page.getByRole('heading', { name: 'You have signed' }).waitFor();
  await context.close();
}

const sessionOf = async (accessToken: string, sessionId: string) =>
  (await (
    await world.api.fetch(`/api/sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json()) as {
    status: string;
    participants: { name: string; email: string; status: string }[];
  };

describe('sending a template from the app', () => {
  it('sends to two recipients in a chosen order with a prefilled value, hands out the links, and both sign', async () => {
    const account = await world.api.newAccount('Quay Lettings', 'owner@quay.test');
    const { templateId } = await leaseTemplate(account.accountId);
    const page = await signedInPage(world, account.ownerMemberId);

    // From the templates list, by keyboard.
    await page.goto(`${world.api.url}/app/templates`);
    const sendLink = `a[href="/app/templates/${templateId}/send"]`;
    await page.locator(sendLink).waitFor();
    await tabTo(page, sendLink);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Send Lease' }).waitFor();

    // One after another, the landlord first; no verification; links instead of emails.
    await tabTo(page, 'input[name="signingType"]:checked');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'input[name="authRequirement"]:checked');
    await page.keyboard.press('ArrowDown');
    await typeInto(page, 'input[name="name-0"]', 'Ana Souza');
    await typeInto(page, 'input[name="email-0"]', 'ana@tenant.test');
    await typeInto(page, 'input[name="name-1"]', 'Harbour Lettings');
    await typeInto(page, 'input[name="email-1"]', 'contracts@harbour.test');
    await tabTo(page, 'button:has-text("Earlier (Landlord)")');
    await page.keyboard.press('Enter');
    expect(await page.locator('.recipient h3').allTextContents()).toEqual(['1. Landlord', '2. Tenant']);
    await typeInto(page, '.prefill input', 'Quay Street Holdings');
    await tabTo(page, 'input[name="notify"]:checked');
    await page.keyboard.press('ArrowDown');
    await atBothWidths(page, 'send-template-form');
    await tabTo(page, 'button[type="submit"]');
    expect(await page.locator('button[type="submit"]').textContent()).toBe('Create the links');
    await page.keyboard.press('Enter');

    const result = page.getByRole('region', { name: /^Sent/ });
    await result.waitFor();
    const links = await result.locator('code.link-text').allTextContents();
    expect(links).toHaveLength(2);
    await atBothWidths(page, 'send-template-sent', result);
    const sessionId = (await result.getByRole('link', { name: 'Follow the session' }).getAttribute('href'))!
      .split('/')
      .at(-1)!;

    // The session is the public API's: recipients in the chosen order, the company prefilled, no emails.
    const sent = await sessionOf(account.accessToken, sessionId);
    expect(sent.participants.map((p) => [p.name, p.email])).toEqual([
      ['Harbour Lettings', 'contracts@harbour.test'],
      ['Ana Souza', 'ana@tenant.test'],
    ]);
    expect(await devMailbox(world.api.runtime.ctx).list({ to: 'ana@tenant.test' })).toEqual([]);
    // What the first signer's link shows: the company as the sender typed it, not theirs to change.
    const view = (await (await world.api.fetch(`/api/signing/${links[0]!.split('/s/')[1]}`)).json()) as {
      fields: { label: string; value: string | null; readOnly: boolean }[];
    };
    expect(view.fields.find((f) => f.label === 'Company')).toMatchObject({
      value: 'Quay Street Holdings',
      readOnly: true,
    });

    // Both sign, in order, on the links the page handed out.
    await signAt(links[0]!);
    await signAt(links[1]!);
    await expect
      .poll(async () => (await sessionOf(account.accessToken, sessionId)).status, { timeout: 60_000 })
      .toBe('completed');

    // The session's audit view: each event to the second with its time zone, who (name and email) and from
    // where; the trail downloads as JSON and CSV, and its chain head is the one the sealed PDF's certificate
    // prints.
    await page.goto(`${world.api.url}/app/sessions/${sessionId}`);
    // Its row in the list: who it went to, and how far they got.
    const listed = page
      .getByRole('region', { name: 'Session list' })
      .locator('tbody tr', { hasText: 'Lease' });
    await expect.poll(() => listed.locator('td[data-label="Progress"]').textContent()).toBe('2 of 2 signed');
    expect(await listed.locator('td[data-label="Recipients"]').textContent()).toBe(
      'Harbour Lettings, Ana Souza',
    );
    const audit = page.getByRole('region', { name: 'Audit trail' });
    const signedRows = audit.locator('tbody tr', { hasText: 'Signed' });
    await expect.poll(() => signedRows.count(), { timeout: 30_000 }).toBe(2);
    expect(await signedRows.nth(0).textContent()).toContain('Harbour Lettings contracts@harbour.test');
    expect(await signedRows.nth(1).textContent()).toContain('Ana Souza ana@tenant.test');
    expect(await signedRows.nth(0).locator('td').nth(3).textContent()).toBe('127.0.0.1');
    expect(await signedRows.nth(0).locator('time').textContent()).toMatch(/\d{1,2}:\d{2}:\d{2}.*(UTC|GMT)/);
    await audit.locator('tbody tr', { hasText: 'Completed: documents sealed' }).waitFor();
    await atBothWidths(page, 'session-audit', audit);
    const json = await page.request.get(
      await audit
        .getByRole('link', { name: /JSON/ })
        .getAttribute('href')
        .then((h) => world.api.url + h),
    );
    const trail = (await json.json()) as {
      events: { type: string; prevHash: string | null; participantId: string | null }[];
    };
    expect(trail.events.filter((e) => e.type === 'participant.signed')).toHaveLength(2);
    const csv = await page.request.get(`${world.api.url}/api/sessions/${sessionId}/audit.csv`);
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(trail.events.length + 1);
    const sealed = (await (
      await world.api.fetch(`/api/sessions/${sessionId}`, {
        headers: { authorization: `Bearer ${account.accessToken}` },
      })
    ).json()) as { documents: { documentId: string }[] };
    const pdf = await world.api.fetch(
      `/api/sessions/${sessionId}/documents/${sealed.documents[0]!.documentId}`,
      {
        headers: { authorization: `Bearer ${account.accessToken}` },
      },
    );
    const file = path.join(tempDir('send-pages-'), 'sealed.pdf');
    fs.writeFileSync(file, new Uint8Array(await pdf.arrayBuffer()));
    const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
    const completedEvent = trail.events.find((e) => e.type === 'session.completed')!;
    expect(text).toContain(completedEvent.prevHash!);
    await closeClean(world, page);
  }, 240_000);

  it('emails the invites with the subject given, and says up front what keeps a template from going out', async () => {
    const account = await world.api.newAccount('Mail Lettings', 'owner@mail.test');
    const { templateId } = await leaseTemplate(account.accountId, 'Mailed lease');
    const page = await signedInPage(world, account.ownerMemberId, VIEWPORTS.phone);
    await page.goto(`${world.api.url}/app/templates/${templateId}/send`);
    await page.getByRole('heading', { name: 'Send Mailed lease' }).waitFor();
    await page.locator('input[name="name-0"]').fill('Tia Tenant');
    await page.locator('input[name="email-0"]').fill('tia@tenant.test');
    await page.locator('input[name="name-1"]').fill('Lou Landlord');
    await page.locator('input[name="email-1"]').fill('lou@landlord.test');
    await page.locator('.prefill input').fill('Mail Holdings');
    await page.getByLabel('Subject (empty: the usual one)').fill('Your lease at 4 Mill Lane');
    await page.getByLabel('Email reminders before it expires').check();
    await page.getByLabel('Days before expiry (for example 7, 2)').fill('seven');
    await page.getByRole('button', { name: 'Send invites' }).click();
    // Checked before anything is sent.
    await page.getByText('Not sent yet: "seven" is not a whole number of days').waitFor();
    await page.getByLabel('Days before expiry (for example 7, 2)').fill('5, 1');
    await page.getByRole('button', { name: 'Send invites' }).click();
    const result = page.getByRole('region', { name: /^Sent/ });
    await result.waitFor();
    expect(await result.getByText('invite emailed').count()).toBe(2);
    for (const to of ['tia@tenant.test', 'lou@landlord.test']) {
      const mails = await devMailbox(world.api.runtime.ctx).list({ to });
      expect(mails.map((m) => m.subject)).toEqual(['Your lease at 4 Mill Lane']);
    }

    // A template with a role that has no signature field: the page lists the problem and does not send.
    const { templateId: broken } = await agreementTemplate(world.api, account.accountId, {
      name: 'Half lease',
      pages: 1,
      roles: ['Tenant', 'Guarantor'],
      fields: [signatureField('Tenant', 72, 420)],
    });
    await page.goto(`${world.api.url}/app/templates/${broken}/send`);
    const alert = page.getByRole('alert').filter({ hasText: 'cannot be sent yet' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Guarantor');
    expect(await page.getByRole('button', { name: 'Send invites' }).isDisabled()).toBe(true);
    await atBothWidths(page, 'send-template-not-ready');
    await closeClean(world, page);
  }, 180_000);
});

describe('sending your own documents from the app', () => {
  it('uploads a PDF, adds a drive file, orders the recipients, hands out the links, and both sign', async () => {
    const account = await world.api.newAccount('Own Docs Ltd', 'owner@own.test');
    const bearer = { authorization: `Bearer ${account.accessToken}` };
    const onDrive = new FormData();
    onDrive.append('files', new Blob([await agreementPdf(1)], { type: 'application/pdf' }), 'terms.pdf');
    expect(
      (await world.api.fetch('/api/drive/files', { method: 'POST', headers: bearer, body: onDrive })).status,
    ).toBe(201);
    const page = await signedInPage(world, account.ownerMemberId);
    await page.getByRole('link', { name: 'Send documents' }).click();
    await page.getByRole('heading', { name: 'Send documents' }).waitFor();
    await page.locator('input[name="files"]').setInputFiles({
      name: 'supply.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await agreementPdf(2)),
    });
    await page.getByLabel('terms.pdf').check();
    await page.getByLabel("Title (empty: the first document's name)").fill('Supply contract');
    await page.getByLabel('One after another').check();
    await page.getByRole('radio', { name: /^None/ }).check();
    await page.getByLabel("Recipient 1's name").fill('Sam Supplier');
    await page.getByLabel("Recipient 1's email").fill('sam@supplier.test');
    // A recipient added by mistake goes again; the buyer signs first.
    await page.getByRole('button', { name: 'Add a recipient' }).click();
    await page.getByRole('button', { name: 'Add a recipient' }).click();
    await page.getByRole('button', { name: 'Remove Recipient 3' }).click();
    await page.getByLabel("Recipient 2's name").fill('Bea Buyer');
    await page.getByLabel("Recipient 2's email").fill('bea@buyer.test');
    await page.getByRole('button', { name: 'Earlier (Recipient 2)' }).click();
    expect(await page.locator('input[name="name-0"]').inputValue()).toBe('Bea Buyer');
    await atBothWidths(page, 'send-documents-form');
    await page.getByRole('button', { name: 'Create the links' }).click();

    const result = page.getByRole('region', { name: /^Sent/ });
    await result.waitFor();
    const links = await result.locator('code.link-text').allTextContents();
    expect(links).toHaveLength(2);
    await atBothWidths(page, 'send-documents-sent', result);
    const sessionId = (await result.getByRole('link', { name: 'Follow the session' }).getAttribute('href'))!
      .split('/')
      .at(-1)!;
    const session = (await (
      await world.api.fetch(`/api/sessions/${sessionId}`, { headers: bearer })
    ).json()) as {
      title: string;
      documents: { filename: string }[];
      participants: { name: string }[];
    };
    expect(session.title).toBe('Supply contract');
    expect(session.documents.map((d) => d.filename)).toEqual(['terms.pdf', 'supply.pdf']);
    expect(session.participants.map((p) => p.name)).toEqual(['Bea Buyer', 'Sam Supplier']);

    // Both sign, in order, on their links (the signer API: the page is the template test's to drive).
    for (const link of links) {
      const token = link.split('/s/')[1]!;
      const view = (await (await world.api.fetch(`/api/signing/${token}`)).json()) as SigningView;
      const signed = await world.api.post(`/api/signing/${token}/sign`, signBody(view));
      expect(signed.status).toBe(200);
    }
    await expect
      .poll(async () => (await sessionOf(account.accessToken, sessionId)).status, { timeout: 60_000 })
      .toBe('completed');
    await closeClean(world, page);
  }, 180_000);

  it('says which document cannot be signed and sends nothing', async () => {
    const account = await world.api.newAccount('Bad Docs Ltd', 'owner@bad.test');
    const page = await signedInPage(world, account.ownerMemberId, VIEWPORTS.phone);
    await page.goto(`${world.api.url}/app/send`);
    await page.getByLabel("Recipient 1's name").fill('Nora None');
    await page.getByLabel("Recipient 1's email").fill('nora@none.test');
    await page.getByRole('button', { name: 'Create the links' }).click();
    await page.getByText('Not sent yet: choose at least one PDF').waitFor();
    await page.locator('input[name="files"]').setInputFiles({
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\nnot really a PDF\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Create the links' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/broken\.pdf/);
    await atBothWidths(page, 'send-documents-refused');
    const list = (await (
      await world.api.fetch('/api/sessions', { headers: { authorization: `Bearer ${account.accessToken}` } })
    ).json()) as { sessions: unknown[] };
    expect(list.sessions).toEqual([]);
    // The drive judged it at upload, as templates do: nothing of it was kept.
    const drive = (await (
      await world.api.fetch('/api/drive/files', {
        headers: { authorization: `Bearer ${account.accessToken}` },
      })
    ).json()) as { files: { filename: string }[] };
    expect(drive.files).toEqual([]);
    // The refusal the page showed is the one the browser logs as a failed request.
    dropExpectedProblems(world.problems, /status of 422/);
    await closeClean(world, page);
  }, 120_000);
});
