import fs from 'node:fs';
import type { SessionList } from '@countersign/schemas';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { createTestTemplate } from '../fixtures/templates.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, tabTo } from './browser.ts';

// Bulk send from a spreadsheet (issue 31, part 3), by keyboard after the file is chosen: a 1,000-row CSV whose
// preview names its one bad row, sent on confirmation through POST /api/templates/send with a progress bar,
// 999 sessions under one batch, the results downloaded with every row's outcome and link; an XLSX workbook
// read the same way, its columns matched by header and one changed by hand.

const world = appWorld();

const template = async (accountId: string) =>
  createTestTemplate(world.api, accountId, {
    name: 'Tenancy',
    roles: ['Tenant'],
    documents: [{ filename: 'tenancy.pdf', pages: 1 }],
    fields: [
      {
        label: 'Tenant signature',
        type: 'signature',
        page: 1,
        x: 72,
        y: 600,
        width: 180,
        height: 40,
        role: 'Tenant',
      },
      { label: 'Rent', type: 'text', page: 1, x: 72, y: 500, width: 180, height: 24, required: true },
    ],
  });

async function sessionsOf(token: string, batch: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const res = await world.api.fetch(
      `/api/sessions?limit=100&bulkSendBatchId=${batch}${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const page = (await res.json()) as SessionList;
    count += page.sessions.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

describe('bulk send from a spreadsheet', () => {
  it('previews a 1,000-row CSV with its one bad row, sends 999 under one batch, downloads the results', async () => {
    const account = await world.api.newAccount('Bulk Lettings', 'owner@bulk-lettings.test');
    const { templateId } = await template(account.accountId);
    const rows = Array.from({ length: 1_000 }, (_, i) => [
      `Tenant ${i + 1}`,
      i === 416 ? 'not-an-address' : `tenant${i + 1}@bulk-lettings.test`,
      `${1000 + i}.00`,
    ]);
    const csv = Papa.unparse([['Tenant name', 'Tenant email', 'Rent'], ...rows]);
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/templates/${templateId}/bulk`);
    await page.getByRole('heading', { name: 'Bulk send Tenancy' }).waitFor();
    await page
      .locator('input[name="sheet"]')
      .setInputFiles({ name: 'tenants.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    const preview = page.getByRole('region', { name: 'Preview' });
    await preview
      .getByText('tenants.csv: 1,000 rows, 999 ready to send, 1 with problems (left out).')
      .waitFor();
    await preview.getByText('Row 418: Tenant email “not-an-address” is not an email address.').waitFor();
    // The columns were matched by header.
    expect(await page.locator('select[name="name:Tenant"]').inputValue()).toBe('0');
    expect(await page.locator('select[name="field:Rent"]').inputValue()).toBe('2');
    await atBothWidths(page, 'bulk-preview', preview);

    // Links instead of emails, then confirm by keyboard.
    await tabTo(page, 'input[name="notify"]:checked');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'button:has-text("Send 999 sessions")');
    await page.keyboard.press('Enter');
    const done = page.getByRole('region', { name: /^Sent 999 sessions$/ });
    await done.waitFor({ timeout: 60_000 });
    const batch = await done.locator('code').textContent();
    expect(await sessionsOf(account.accessToken, batch!)).toBe(999);
    await atBothWidths(page, 'bulk-sent', done);

    await tabTo(page, 'button:has-text("Download results (CSV)")');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const results = Papa.parse<string[]>(fs.readFileSync((await download.path())!, 'utf8')).data;
    expect(results[0]).toEqual([
      'row',
      'Tenant name',
      'Tenant email',
      'status',
      'sessionId',
      'error',
      'Tenant link',
    ]);
    expect(results.slice(1).filter((r) => r[3] === 'created')).toHaveLength(999);
    expect(results.find((r) => r[0] === '418')).toEqual([
      '418',
      '',
      '',
      'not sent',
      '',
      'Tenant email “not-an-address” is not an email address.',
      '',
    ]);
    expect(results.find((r) => r[0] === '2')?.[6]).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
    await closeClean(world, page);
  }, 180_000);

  it('reads an XLSX workbook; a column chosen by hand', async () => {
    const account = await world.api.newAccount('Workbook Lettings', 'owner@workbook.test');
    const { templateId } = await template(account.accountId);
    const xlsx = await writeXlsxFile([
      [{ value: 'Who' }, { value: 'Tenant email' }, { value: 'Rent' }],
      [{ value: 'Ada Lovelace' }, { value: 'ada@workbook.test' }, { value: 1450 }],
      [{ value: 'Grace Hopper' }, { value: 'grace@workbook.test' }, { value: 1200.5 }],
    ]).toBuffer();
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/templates/${templateId}/bulk`);
    await page.locator('input[name="sheet"]').setInputFiles({
      name: 'tenants.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    const preview = page.getByRole('region', { name: 'Preview' });
    // "Who" names no role: nothing can be sent until a column gives the tenant's name.
    await preview.getByText('No column gives Tenant: name.').waitFor();
    await tabTo(page, 'select[name="name:Tenant"]');
    await page.keyboard.type('Who');
    await preview.getByText('tenants.xlsx: 2 rows, 2 ready to send.').waitFor();
    await preview.getByRole('cell', { name: 'Rent: 1200.5' }).waitFor();
    await tabTo(page, 'button:has-text("Send 2 sessions")');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: /^Sent 2 sessions$/ }).waitFor();
    await closeClean(world, page);
  }, 120_000);
});
