import { describe, expect, it } from 'vitest';
import { appWorld, expectAccessible, newContext, screenshot, VIEWPORTS } from './browser.ts';

const world = appWorld({ worker: false });

describe('the web app under /app', () => {
  it('serves index.html for client routes, revalidated, with its CSP', async () => {
    for (const p of ['/app', '/app/', '/app/templates/tpl_123', '/app/sessions?status=completed']) {
      const res = await world.api.fetch(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets compressed and cached for good; unknown assets are 404', async () => {
    const html = await (await world.api.fetch('/app/')).text();
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const res = await fetch(world.api.url + script, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    // Node's fetch decodes br itself; the raw size must be smaller than the decoded one.
    const plain = await fetch(world.api.url + script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const decoded = Buffer.from(await plain.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBeLessThan(decoded.length / 2);
    expect((await world.api.fetch('/app/assets/nope-123.js')).status).toBe(404);
  });

  it('shows the sign-in page at 375 and 1280 px, accessible, without console errors', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const context = await newContext(world.browser, world.problems, viewport);
      const page = await context.newPage();
      await page.goto(`${world.api.url}/app/sign-in`);
      await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Countersign' }).count()).toBe(1);
      await expect.poll(() => page.getByLabel('Email address').count()).toBe(1);
      await expectAccessible(page, `sign-in ${name}`);
      await screenshot(page, `sign-in-${viewport.width}.png`);
      await context.close();
    }
    expect(world.problems).toEqual([]);
  });
});
