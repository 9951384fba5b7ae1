import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { devMailbox, localDrive, setAllowance } from '@countersign/core';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import type { SigningView } from '@countersign/schemas';
import { runCli, tempDir } from '@countersign/test-support';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { signBody } from './signing-setup.ts';
import { expectAccessible, launchChromium, newContext, screenshot, VIEWPORTS } from './web/browser.ts';
import { bearer, type Receiver, startReceiver } from './webhooks-support.ts';

// Test mode end to end with real parts: a real SMTP server (so what does NOT reach it is observable), the dev
// mailbox, a webhook receiver, the completion worker, pdftotext on the sealed PDF, Chromium for the page.

const OWN = 'ops@acme.test'; // the account's own address (newAccount)
const OUTSIDER = 'signer@example.test';

let api: TestApi;
let smtp: TestSmtpServer;
let receiver: Receiver;
let accountId: string;
let realToken: string;
let cloudFileId: string;
const work = tempDir('countersign-test-mode-');

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  receiver = await startReceiver();
  api = await startTestApi({ env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' } });
  ({ accountId, accessToken: realToken } = await api.newAccount());
  ({ cloudFileId } = await (await localDrive(api.runtime.ctx, accountId)).put(
    'Lease.pdf',
    await makePdf(1, 'test-mode'),
  ));
  expect((await api.post('/api/webhooks', { url: receiver.url }, realToken)).status).toBe(201);
  // No allowance left: a real send is refused, a test send is not.
  await setAllowance(api.runtime.ctx, accountId, 0, 86_400_000);
}, 60_000);
afterAll(async () => {
  await api?.close();
  await smtp?.close();
  await receiver?.close();
});

const exchange = async (refreshToken: string) => {
  const res = await api.post('/connect/token', { refresh_token: refreshToken });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};

const sendTo = (token: string, email: string) =>
  api.post(
    '/api/sessions/send',
    {
      cloudFileIds: [cloudFileId],
      title: 'Lease',
      signingRequests: [{ recipients: [{ name: 'Sam Signer', email }] }],
      authRequirement: 'public',
      notify: true,
    },
    token,
  );

type SendBody = {
  rows: { sessionId: string; documents: { documentId: string }[]; participants: { signingUrl: string }[] }[];
};

describe('test mode', () => {
  let testToken: string;
  let outsiderSession: SendBody['rows'][number];
  let ownSession: SendBody['rows'][number];

  it('creates test tokens through the API and the CLI; a test token creates no token at all', async () => {
    const created = await api.post('/api/tokens', { label: 'sandbox', test: true }, realToken);
    expect(created.status).toBe(201);
    const body = (await created.json()) as { tokenId: string; refreshToken: string; test: boolean };
    expect(body).toMatchObject({ test: true, refreshToken: expect.stringMatching(/^csrt_/) });
    testToken = await exchange(body.refreshToken);

    const escalate = await api.post('/api/tokens', { label: 'real' }, testToken);
    expect(escalate.status).toBe(403);
    expect(((await escalate.json()) as { error: string }).error).toBe('forbidden');

    const cli = await runCli(['tokens', 'create', '--account', accountId, '--test'], {
      ...api.dataEnv,
      SMTP_URL: '',
      REDIS_URL: '',
    });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.json).toMatchObject({ test: true });
    await exchange((cli.json as { refreshToken: string }).refreshToken);
    const listed = await runCli(['tokens', 'list', '--account', accountId], api.dataEnv);
    const tests = (listed.json as { test: boolean }[]).filter((t) => t.test);
    expect(tests).toHaveLength(2);
  }, 60_000);

  it('sends free of the allowance, marked as a test, emailing only the account (others: the dev mailbox)', async () => {
    const real = await sendTo(realToken, OUTSIDER);
    expect(real.status).toBe(429);
    expect(((await real.json()) as { error: string }).error).toBe('allowance_exhausted');

    const toOutsider = await sendTo(testToken, OUTSIDER);
    expect(toOutsider.status).toBe(200);
    outsiderSession = ((await toOutsider.json()) as SendBody).rows[0]!;
    const toOwn = await sendTo(testToken, OWN);
    expect(toOwn.status).toBe(200);
    ownSession = ((await toOwn.json()) as SendBody).rows[0]!;

    // The account's own address gets the invite by SMTP, marked; the outsider's goes to the dev mailbox only.
    const own = await smtp.waitFor((m) => m.subject?.includes('Lease') === true);
    expect(own.subject).toMatch(/^\[TEST\] /);
    expect(own.text).toContain('TEST, not legally binding');
    const mailbox = devMailbox(api.runtime.ctx);
    const parked = await mailbox.list({ to: OUTSIDER });
    expect(parked).toHaveLength(1);
    expect(parked[0]!.subject).toMatch(/^\[TEST\] /);
    expect(smtp.messages.flatMap((m) => JSON.stringify(m.to))).not.toContain(OUTSIDER);

    const detail = await api.fetch(`/api/sessions/${outsiderSession.sessionId}`, {
      headers: bearer(realToken),
    });
    expect(((await detail.json()) as { test: boolean }).test).toBe(true);
    const onlyTests = (await (
      await api.fetch('/api/sessions?test=true', { headers: bearer(realToken) })
    ).json()) as {
      sessions: { sessionId: string; test: boolean }[];
    };
    expect(onlyTests.sessions.map((s) => s.sessionId).sort()).toEqual(
      [outsiderSession.sessionId, ownSession.sessionId].sort(),
    );
    const noTests = (await (
      await api.fetch('/api/sessions?test=false', { headers: bearer(realToken) })
    ).json()) as {
      sessions: unknown[];
    };
    expect(noTests.sessions).toEqual([]);
  }, 60_000);

  it('says so on the signing page (375 and 1280 px, axe) and in the signer API', async () => {
    const link = outsiderSession.participants[0]!.signingUrl.split('/s/')[1]!;
    const view = (await (await api.fetch(`/api/signing/${link}`)).json()) as SigningView;
    expect(view.test).toBe(true);
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const problems: string[] = [];
      for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
        const context = await newContext(browser, problems, viewport);
        const page = await context.newPage();
        await page.goto(`${api.url}/s/${link}`);
        const banner = page.locator('.test-banner');
        await banner.waitFor({ state: 'visible' });
        expect(await banner.textContent()).toContain('TEST, not legally binding');
        await page.locator('#status').waitFor({ state: 'visible' });
        await expectAccessible(page, `test banner ${viewport.width}`);
        await screenshot(page, `test-mode-${viewport.width}.png`);
        await context.close();
      }
    } finally {
      await browser?.close();
    }
  }, 90_000);

  it('completes with a visible mark on every page, a seal that says so, and test webhooks', async () => {
    const link = outsiderSession.participants[0]!.signingUrl.split('/s/')[1]!;
    const view = (await (await api.fetch(`/api/signing/${link}`)).json()) as SigningView;
    expect((await api.post(`/api/signing/${link}/sign`, signBody(view))).status).toBe(200);
    const event = await receiver.waitFor(
      (r) => r.event.type === 'session.completed' && r.event.data.sessionId === outsiderSession.sessionId,
      30_000,
    );
    expect(event.event.data.test).toBe(true);

    const res = await api.fetch(
      `/api/sessions/${outsiderSession.sessionId}/documents/${outsiderSession.documents[0]!.documentId}`,
      { headers: bearer(realToken) },
    );
    expect(res.status).toBe(200);
    const file = path.join(work, 'test-session.pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    fs.writeFileSync(file, bytes);
    const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
    const content = pages.filter((p) => p.includes('Lease') || p.trim().length > 0);
    // Every page of the signed content carries the mark (the certificate page states it too).
    const marked = content.filter((p) => p.includes('TEST, NOT LEGALLY BINDING'));
    expect(marked.length).toBeGreaterThanOrEqual(2); // the document page and the signature page
    expect(pages.join('\n')).toContain('completed (TEST, not legally binding)');
    expect(execFileSync('pdfsig', [file], { encoding: 'utf8' })).toMatch(/Signature is Valid/);
    // The seal's /Reason, written as UTF-16BE hex.
    const reasonHex = /\/Reason <FEFF([0-9A-F]+)>/.exec(bytes.toString('latin1'))?.[1] ?? '';
    const reason = Buffer.from(reasonHex, 'hex').swap16().toString('utf16le');
    expect(reason).toBe('TEST, not legally binding. Signed by Sam Signer');

    // The receipt and the completion email to the outsider went to the dev mailbox as well (after the
    // invite), never to SMTP.
    const mailbox = devMailbox(api.runtime.ctx);
    const subjects = async () => (await mailbox.list({ to: OUTSIDER })).map((m) => m.subject).sort();
    await expect
      .poll(subjects, { timeout: 20_000 })
      .toEqual([
        '[TEST] Acme Integrations sent you “Lease” to sign',
        '[TEST] Completed: “Lease” is signed by everyone',
        '[TEST] Your signing receipt for “Lease”',
      ]);
    expect(smtp.messages.flatMap((m) => JSON.stringify(m.to))).not.toContain(OUTSIDER);
  }, 60_000);

  it('purges test sessions only', async () => {
    await setAllowance(api.runtime.ctx, accountId, 1000, 86_400_000);
    const real = await sendTo(realToken, OWN);
    expect(real.status).toBe(200);
    const realId = ((await real.json()) as SendBody).rows[0]!.sessionId;

    const purged = await api.post('/api/sessions/test/purge', {}, realToken);
    expect(purged.status).toBe(200);
    expect(await purged.json()).toEqual({ purged: 2 });
    const left = (await (await api.fetch('/api/sessions', { headers: bearer(realToken) })).json()) as {
      sessions: { sessionId: string; test: boolean }[];
    };
    expect(left.sessions).toEqual([expect.objectContaining({ sessionId: realId, test: false })]);
    const gone = await api.fetch(`/api/sessions/${outsiderSession.sessionId}`, {
      headers: bearer(realToken),
    });
    expect(gone.status).toBe(404);
  }, 60_000);
});
