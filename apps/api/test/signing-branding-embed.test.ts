import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningWorld, startSigningWorld, TINY_PNG } from './signing-setup.ts';
import { expectAccessible, launchChromium, newContext, screenshot, VIEWPORTS } from './web/browser.ts';

let w: SigningWorld;
let browser: Browser;
let parent: http.Server;
/** The integrator's app: another loopback origin (`localhost` against the API's `127.0.0.1`). */
let parentOrigin: string;
const problems: string[] = [];

beforeAll(async () => {
  w = await startSigningWorld();
  browser = await launchChromium();
  parent = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Integrator app</title>
<script type="module" src="${w.api.url}/assets/embed/countersign-signing.js"></script></head>
<body><main><h1>Acme portal</h1>
<countersign-signing src="${src.replace(/"/g, '&quot;')}" title="Sign the lease"></countersign-signing>
<ol id="events"></ol></main>
<script type="module">
for (const type of ['ready', 'signed', 'declined', 'completed', 'error'])
  document.addEventListener('countersign:' + type, (e) => {
    const li = document.createElement('li');
    li.textContent = type + ' ' + JSON.stringify(e.detail);
    document.getElementById('events').append(li);
  });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  parentOrigin = `http://localhost:${(parent.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => parent?.close(resolve));
  await w?.close();
});

async function putBranding(body: unknown) {
  const res = await w.api.fetch('/api/account/branding', {
    method: 'PUT',
    headers: { authorization: `Bearer ${await w.accessToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const events = (page: Page) => page.locator('#events li').allTextContents();

describe('branding and embedding', () => {
  it('sets a logo, an accent colour with AA contrast, frame origins and a default language through the API', async () => {
    const yellow = await putBranding({ accentColor: '#facc15' });
    expect(yellow.status).toBe(400);
    expect(yellow.body.error).toBe('insufficient_contrast');
    expect(yellow.body.message).toContain('4.5:1');
    expect((await putBranding({ frameOrigins: ['https://app.example.com/path'] })).status).toBe(400);
    expect(
      (await putBranding({ logo: { contentType: 'image/png', base64: 'bm90IGEgcG5n' } })).body.error,
    ).toBe('invalid_logo');
    expect((await putBranding({ accentColor: '#0f766e', extra: 1 })).status).toBe(400);
    // Nothing of the refused bodies was kept.
    const before = await w.api.fetch('/api/account/branding', {
      headers: { authorization: `Bearer ${await w.accessToken()}` },
    });
    expect(await before.json()).toEqual({
      accentColor: null,
      logoUrl: null,
      frameOrigins: [],
      defaultLocale: null,
    });

    const ok = await putBranding({
      accentColor: '#0F766E',
      logo: { contentType: 'image/png', base64: TINY_PNG.split(',')[1] },
      frameOrigins: [parentOrigin],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      accentColor: '#0f766e',
      frameOrigins: [parentOrigin],
      defaultLocale: null,
    });
    const logo = await fetch(ok.body.logoUrl as string);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await logo.arrayBuffer()).equals(Buffer.from(TINY_PNG.split(',')[1]!, 'base64'))).toBe(
      true,
    );

    const doc = (await (await w.api.fetch('/openapi.json')).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths['/api/account/branding']!)).toEqual(['get', 'put']);
  });

  it('shows the brand on the page, lets the listed origin frame it, and tells that parent what happens', async () => {
    const s = await w.send({
      recipients: [{ name: 'Emma Embed' }],
      authRequirement: 'public',
      title: 'Lease',
    });
    const url = `${w.api.url}/s/${s.tokens[0]}`;
    const res = await w.api.fetch(`/s/${s.tokens[0]}`);
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${parentOrigin}`);
    expect(res.headers.get('x-frame-options')).toBeNull();

    // The brand, on its own (axe needs the CSP bypassed to inject itself; the framing below keeps the CSP).
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await newContext(browser, problems, viewport);
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('heading', { name: 'Ready to sign' }).waitFor();
      expect(
        await page
          .locator('#next')
          .evaluate(
            (b) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
              ).getComputedStyle(b).backgroundColor,
          ),
      ).toBe('rgb(15, 118, 110)');
      expect(await page.locator('img.brand-logo').getAttribute('src')).toMatch(
        /^\/assets\/logos\/[0-9a-f]{32}\.png$/,
      );
      await expectAccessible(page, `branded ${viewport.width}`);
      await screenshot(page, `branded-${viewport.width}.png`);
      await context.close();
    }

    // Framed by the integrator's app (another origin, real CSP): signed by keyboard, events relayed.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(`${parentOrigin}/?src=${encodeURIComponent(url)}`);
    await expect
      .poll(() => events(page), { timeout: 60_000 })
      .toContain('ready {"source":"countersign","type":"ready"}');
    const frame = page.frameLocator('countersign-signing iframe');
    await frame.locator('#next').focus();
    await page.keyboard.press('Enter');
    await frame.locator('dialog#adopt').waitFor({ state: 'visible' });
    await frame.locator('#adopt-ok').focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 10 && (await frame.locator('#next').isVisible()); i++) {
      await frame.locator('#next').focus();
      await page.keyboard.press('Enter');
      if (await frame.locator('#editor-place').isVisible()) {
        await frame.locator('#editor-place').focus();
        await page.keyboard.press('Enter');
      }
    }
    await frame.locator('#finish').focus();
    await screenshot(page, 'embedded-1280.png');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => events(page), { timeout: 60_000 })
      .toContain('signed {"source":"countersign","type":"signed","sessionCompleted":true}');
    await expect
      .poll(async () => (await events(page)).some((e) => e.startsWith('completed')), { timeout: 90_000 })
      .toBe(true);
    await context.close();

    // An origin the account does not list: the browser refuses to frame the page, and nothing is posted to it.
    const other = await browser.newContext({ viewport: VIEWPORTS.phone });
    const stranger = await other.newPage();
    const s2 = await w.send({ recipients: [{ name: 'Sam Stranger' }], authRequirement: 'public' });
    const strangerOrigin = parentOrigin.replace('localhost', '127.0.0.1');
    await stranger.goto(`${strangerOrigin}/?src=${encodeURIComponent(`${w.api.url}/s/${s2.tokens[0]}`)}`);
    await stranger.locator('countersign-signing iframe').waitFor();
    await stranger.waitForLoadState('load');
    expect(stranger.frames().length).toBe(2);
    for (const f of stranger.frames())
      expect(
        await f
          .locator('main[data-token]')
          .count()
          .catch(() => 0),
        f.url(),
      ).toBe(0);
    expect(await events(stranger)).toEqual([]);
    await other.close();
    expect(problems).toEqual([]);
  }, 180_000);
});
