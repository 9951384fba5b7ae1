import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../harness.ts';
import { sendSession, signAndComplete } from '../purge-support.ts';
import { expectAccessible, launchChromium, newContext, screenshot, VIEWPORTS } from './browser.ts';

// The public /verify page (docs/evidence.md): a real sealed PDF from the service is checked in Chromium by
// @countersign/verify bundled for the browser; a flipped byte and an appended update are reported by name; the
// page sends nothing anywhere while it checks (no request at all, and its CSP forbids connections).

let api: TestApi;
let browser: Browser;
let sealed: Buffer;
const problems: string[] = [];

beforeAll(async () => {
  api = await startTestApi({ worker: false });
  browser = await launchChromium();
  const { accountId, accessToken } = await api.newAccount('Verify Ltd', 'ops@verify.test');
  const sent = await sendSession({ ctx: api.runtime.ctx, post: api.post }, accessToken, accountId, {
    title: 'Verified agreement',
    name: 'Vera Verifier',
    email: 'vera@verify.test',
  });
  await signAndComplete(api.runtime.ctx, sent, 'Vera Verifier');
  // The sealed PDF exactly as the service stores and serves it.
  const { final_sha256 } = api.runtime.db.$client
    .prepare('SELECT final_sha256 FROM documents WHERE session_id = ?')
    .get(sent.sessionId) as { final_sha256: string };
  sealed = Buffer.from(api.runtime.ctx.blobs.read(final_sha256));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

/** Opens /verify, then records every request the page makes from here on. */
async function openPage(page: Page): Promise<string[]> {
  await page.goto(`${api.url}/verify`);
  await expect.poll(() => page.getByRole('heading', { name: 'Verify a signed PDF' }).count()).toBe(1);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  return requests;
}

async function check(page: Page, name: string, bytes: Buffer) {
  await page.getByLabel('Signed PDF').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  const verdict = page.locator('.verdict');
  await expect.poll(() => verdict.count()).toBe(1);
  const rows: [string, string][] = await page
    .locator('tr[data-check]')
    .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-check'), tr.getAttribute('data-ok')]));
  return {
    verdict: await verdict.getAttribute('data-verdict'),
    text: await verdict.innerText(),
    checks: new Map(rows),
  };
}

describe('GET /verify', () => {
  it('is served with a policy that allows no connection', async () => {
    const res = await api.fetch('/verify');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(await res.text()).toContain('Verify a signed PDF');
  });

  it('verifies a clean sealed PDF in the browser and names each tampering, sending nothing; 375 and 1280 px, accessible', async () => {
    const flipped = Buffer.from(sealed);
    flipped[1000] = flipped[1000]! ^ 0x01; // inside the first signed range
    const appended = Buffer.concat([
      sealed,
      Buffer.from('\n1 0 obj\n<< /Evil true >>\nendobj\n% appended\n', 'latin1'),
    ]);

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const context = await newContext(browser, problems, viewport);
      const page = await context.newPage();
      const requests = await openPage(page);

      const clean = await check(page, 'agreement-signed.pdf', sealed);
      expect(clean.verdict, clean.text).toBe('valid');
      for (const name of [
        'seal-present',
        'seal-digest',
        'seal-signature',
        'nothing-appended',
        'certificate-chain',
      ])
        expect(clean.checks.get(name), name).toBe('true');
      expect(clean.checks.get('timestamp')).toBe('null');
      expect(clean.checks.get('audit-chain')).toBe('null');
      const facts = await page.locator('.facts').innerText();
      expect(facts).toContain(`of ${sealed.length}`);
      expect(facts).toMatch(/Audit chain head sealed in the PDF\s+[0-9a-f]{64}/);
      expect(facts).toContain('Countersign');
      await expectAccessible(page, `verify valid ${size}`);
      await screenshot(page, `verify-valid-${viewport.width}.png`, `verify-${viewport.width}.png`);

      const tampered = await check(page, 'agreement-flipped.pdf', flipped);
      expect(tampered.verdict).toBe('invalid');
      expect(tampered.checks.get('seal-digest')).toBe('false');
      expect(tampered.text).toContain('Failed: seal-digest');

      const grown = await check(page, 'agreement-appended.pdf', appended);
      expect(grown.verdict).toBe('invalid');
      expect(grown.checks.get('nothing-appended')).toBe('false');
      expect(grown.checks.get('seal-digest')).toBe('true');
      await expectAccessible(page, `verify invalid ${size}`);
      await screenshot(page, `verify-invalid-${viewport.width}.png`);

      // Everything happened in the page: not one request since it loaded.
      expect(requests).toEqual([]);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
