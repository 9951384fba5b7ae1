import { finalize } from '@countersign/pdf-engine';
import { startTestCa, startTestTsa } from '@countersign/pdf-engine/testing';
import { verifyPdf } from '@countersign/verify';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newContext, screenshot, VIEWPORTS } from './browser.ts';
import { checkPdf as check, flipped as flipByte, verifyWorld } from './verify-support.ts';

// The public /verify page (docs/evidence.md): a real sealed PDF from the service is checked in Chromium by
// @countersign/verify bundled for the browser; a flipped byte and an appended update are reported by name; the
// page sends nothing anywhere while it checks (no request at all, and its CSP forbids connections).

const world = verifyWorld();

/** Opens /verify in a new context at `viewport`, then records every request the page makes from there on. */
async function openPage(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; requests: string[] }> {
  const page = await (await newContext(world.browser, world.problems, viewport)).newPage();
  await page.goto(`${world.api.url}/verify`);
  await expect.poll(() => page.getByRole('heading', { name: 'Verify a signed PDF' }).count()).toBe(1);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  return { page, requests };
}

/** Each named check passed. */
function expectPassed(result: Awaited<ReturnType<typeof check>>, names: string[]) {
  for (const name of names) expect(result.checks.get(name), name).toBe('true');
}

describe('GET /verify', () => {
  it('is served with a policy that allows no connection', async () => {
    const res = await world.api.fetch('/verify');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(await res.text()).toContain('Verify a signed PDF');
  });

  it('verifies a clean sealed PDF in the browser and names each tampering, sending nothing; 375 and 1280 px, accessible', async () => {
    const flipped = flipByte(world.sealed);
    const appended = Buffer.concat([
      world.sealed,
      Buffer.from('\n1 0 obj\n<< /Evil true >>\nendobj\n% appended\n', 'latin1'),
    ]);

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const { page, requests } = await openPage(viewport);

      const clean = await check(page, 'agreement-signed.pdf', world.sealed);
      expect(clean.verdict, clean.text).toBe('valid');
      expectPassed(clean, [
        'seal-present',
        'seal-digest',
        'seal-signature',
        'nothing-appended',
        'certificate-chain',
      ]);
      expect(clean.checks.get('timestamp')).toBe('null');
      expect(clean.checks.get('audit-chain')).toBe('null');
      const facts = await page.locator('.facts').innerText();
      expect(facts).toContain(`of ${world.sealed.length}`);
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
      await page.context().close();
    }
    expect(world.problems).toEqual([]);
  }, 120_000);
  it('a time-stamped seal with an ECDSA TSA and an ECDSA CA chain (P-384, P-256): valid in the browser, time and TSA shown; 375 and 1280 px, accessible', async () => {
    // A real TSA with a P-384 key and a CA whose root (P-384) and intermediate (P-256) sign the operator's RSA
    // seal certificate, its OCSP responses and CRLs: every ECDSA signature is checked by the page's bundle.
    const [tsa, ca] = await Promise.all([startTestTsa({ key: 'P-384' }), startTestCa({ caKeys: 'ec' })]);
    try {
      const doc = await PDFDocument.create();
      doc.addPage([612, 792]).drawText('A time-stamped agreement', { x: 72, y: 720, size: 16 });
      const { bytes } = await finalize(
        await doc.save(),
        {
          fields: [],
          audit: {
            sessionId: 'e0e0e0e0-1111-4222-8333-444455556666',
            status: 'completed',
            completedAt: new Date(),
            originalSha256: 'ef'.repeat(32),
            signers: [],
          },
        },
        {
          p12: ca.p12,
          passphrase: ca.passphrase,
          reason: 'Sealed',
          name: 'Countersign',
          tsa: { url: tsa.url, timeoutMs: 60_000 },
        },
      );
      const stamped = Buffer.from(bytes);
      // Node's crypto agrees: the reference the page must match.
      const reference = verifyPdf(stamped, { requireTimestamp: true });
      expect(reference.checks.filter((c) => c.ok === false)).toEqual([]);
      const tsaName = tsa.subject.replaceAll('\n', ', ');

      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const { page, requests } = await openPage(viewport);
        const result = await check(page, 'stamped.pdf', stamped);
        expect(result.verdict, result.text).toBe('valid');
        expectPassed(result, [
          'seal-signature',
          'certificate-chain',
          'timestamp',
          'document-timestamp',
          'revocation',
        ]);
        const facts = await page.locator('.facts').innerText();
        expect(facts).toContain(`${reference.timestamp!.time}, by ${tsaName}`);
        expect(facts).toContain('CN=Countersign Test Root CA');
        await expectAccessible(page, `verify time-stamped ${size}`);
        await screenshot(page, `verify-timestamped-${viewport.width}.png`);
        expect(requests).toEqual([]);
        await page.context().close();
      }
      expect(world.problems).toEqual([]);
    } finally {
      await Promise.all([tsa.close(), ca.close()]);
    }
  }, 180_000);
});
