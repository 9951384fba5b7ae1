import { type Locale, SUPPORTED_LOCALES } from '@countersign/schemas';
import { fillParts, VERIFY_CATALOGUES, type VerifyKey } from '@countersign/web/verify-i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_CATALOGUES } from '../../src/pages/i18n/index.ts';
import { expectAccessible, newContext, screenshot, VIEWPORTS } from './browser.ts';
import { checkPdf as check, flipped, verifyWorld } from './verify-support.ts';

// The public /verify page in the signing page's ten languages (docs/evidence.md): the server picks the language
// as the signing page does and renders the page in it; in German and Arabic (right to left) a sealed PDF and a
// tampered one are checked in Chromium and every word the page writes (the verifier's technical detail aside) is
// the catalogue's.

const world = verifyWorld();

const en = VERIFY_CATALOGUES.en;
const text = (locale: Locale, key: VerifyKey, vars: Record<string, string> = {}) =>
  fillParts(
    VERIFY_CATALOGUES[locale][key],
    (s) => s,
    (name) => vars[name] ?? '',
  ).join('');
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the /verify page in ten languages', () => {
  it('has exactly the English keys in every language, with the same placeholders, translated', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const catalogue = VERIFY_CATALOGUES[locale] as Record<string, string>;
      expect(Object.keys(catalogue).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(en)) {
        expect(catalogue[key]!.trim(), `${locale}: ${key}`).not.toBe('');
        expect(placeholders(catalogue[key]!), `${locale}: ${key}`).toEqual(placeholders(value));
      }
      // A catalogue copied from English and left so: only a few words may read the same (OK, PDF names).
      if (locale !== 'en') {
        const same = Object.keys(en).filter((k) => catalogue[k] === en[k as VerifyKey]);
        expect(same.length, `${locale}: ${same.join(', ')}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('picks ?lang=, else Accept-Language, else English; the same policy in every language, one catalogue inlined', async () => {
    const open = async (query: string, acceptLanguage?: string) => {
      const res = await world.api.fetch(`/verify${query}`, {
        headers: {
          'accept-encoding': 'br',
          ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
        },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      const [, lang, dir] = /<html lang="(\w+)" dir="(\w+)">/.exec(html)!;
      const data = /<script type="application\/json" id="messages">(.*?)<\/script>/s.exec(html)![1]!;
      return { res, html, lang, dir, inlined: JSON.parse(data) as { locale: string; strings: unknown } };
    };
    const plain = await open('');
    const csp = plain.res.headers.get('content-security-policy');
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect([plain.lang, plain.dir]).toEqual(['en', 'ltr']);
    expect(plain.html).toContain('<h1>Verify a signed PDF</h1>');

    for (const [query, header, lang, dir] of [
      ['', 'de-DE,de;q=0.9,en;q=0.8', 'de', 'ltr'],
      ['', 'ar-EG', 'ar', 'rtl'],
      ['', 'sv-SE, fr;q=0.5', 'fr', 'ltr'],
      ['?lang=ja', 'de', 'ja', 'ltr'],
      ['?lang=xx', 'pl', 'pl', 'ltr'],
      ['?lang=nl', undefined, 'nl', 'ltr'],
    ] as const) {
      const page = await open(query, header);
      expect([page.lang, page.dir], `${query} ${header}`).toEqual([lang, dir]);
      expect(page.res.headers.get('content-security-policy')).toBe(csp);
      expect(page.res.headers.get('vary')).toMatch(/Accept-Language/);
      expect(page.res.headers.get('content-encoding')).toBe('br');
      expect(page.html).toContain(`<h1>${VERIFY_CATALOGUES[lang].title}</h1>`);
      // The script gets this language's words and no other's.
      expect(page.inlined).toEqual({ locale: lang, strings: VERIFY_CATALOGUES[lang] });
      expect(page.html).not.toContain(en.lead);
      // No script but the hashed bundle and the JSON (which the CSP's script-src does not run).
      const scripts = [...page.html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.filter((a) => !/\bsrc="\/app\/assets\//.test(a))).toEqual([
        ' type="application/json" id="messages"',
      ]);
      // The switcher names every language in itself, this one chosen.
      expect([...page.html.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).toEqual([
        ...SUPPORTED_LOCALES,
      ]);
      expect(page.html).toContain(`<option value="${lang}" lang="${lang}" selected>`);
    }
  });

  for (const locale of ['de', 'ar'] as const) {
    it(`${locale}: a sealed PDF is valid and a tampered one not, in its words${locale === 'ar' ? ', right to left' : ''}; not a PDF said so; 375 and 1280 px, accessible, nothing overflows`, async () => {
      const t = (key: VerifyKey, vars?: Record<string, string>) => text(locale, key, vars);
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const context = await newContext(world.browser, world.problems, viewport);
        const page = await context.newPage();
        // German by the switcher's link, Arabic by the browser's language.
        if (locale === 'ar') await page.setExtraHTTPHeaders({ 'accept-language': 'ar,en;q=0.5' });
        await page.goto(`${world.api.url}/verify${locale === 'de' ? '?lang=de' : ''}`);
        await expect.poll(() => page.getByRole('heading', { name: t('title') }).count()).toBe(1);
        const requests: string[] = [];
        page.on('request', (r) => requests.push(r.url()));
        expect(
          await page.evaluate(
            '[document.documentElement.lang, document.documentElement.dir, getComputedStyle(document.querySelector("main")).direction]',
          ),
        ).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr', locale === 'ar' ? 'rtl' : 'ltr']);
        expect(await page.getByLabel(t('pdf.label')).count()).toBe(1);

        const clean = await check(page, 'agreement-signed.pdf', world.sealed);
        expect(clean.verdict, clean.text).toBe('valid');
        expect(clean.text).toBe(t('verdict.valid', { file: 'agreement-signed.pdf' }));
        const digest = page.locator('tr[data-check="seal-digest"]');
        expect(await digest.locator('th').innerText()).toContain(t('check.seal-digest'));
        expect(await digest.locator('.badge').innerText()).toBe(t('status.ok'));
        expect(await digest.locator('.explain').innerText()).toBe(t('explain.seal-digest.ok'));
        expect(await page.locator('tr[data-check="audit-chain"] .badge').innerText()).toBe(t('status.skip'));
        const facts = await page.locator('.facts').innerText();
        for (const key of ['fact.covered', 'fact.sealedBy', 'fact.timestamp', 'fact.noTimestamp'] as const)
          expect(facts, key).toContain(t(key));
        await expectNoOverflow(page, `${locale} valid ${size}`);
        await expectAccessible(page, `verify ${locale} valid ${size}`);
        await screenshot(
          page,
          `verify-${locale}-valid-${viewport.width}.png`,
          locale === 'ar' && size === 'phone' ? 'verify-ar-375.png' : undefined,
        );

        const tampered = await check(page, 'agreement-flipped.pdf', flipped(world.sealed));
        expect(tampered.verdict).toBe('invalid');
        expect(tampered.checks.get('seal-digest')).toBe('false');
        const failed = [...tampered.checks].filter(([, ok]) => ok === 'false').map(([name]) => name);
        expect(tampered.text).toBe(
          t('verdict.invalid', { file: 'agreement-flipped.pdf', checks: failed.join(', ') }),
        );
        expect(await digest.locator('.badge').innerText()).toBe(t('status.fail'));
        expect(await digest.locator('.explain').innerText()).toBe(t('explain.seal-digest.fail'));
        await expectNoOverflow(page, `${locale} invalid ${size}`);
        await expectAccessible(page, `verify ${locale} invalid ${size}`);
        await page.locator('.verdict').scrollIntoViewIfNeeded();
        await screenshot(page, `verify-${locale}-invalid-${viewport.width}.png`);

        await page.locator('#pdf').setInputFiles({
          name: 'notes.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('not a PDF at all\n'),
        });
        const alert = page.getByRole('alert');
        await expect.poll(() => alert.count()).toBe(1);
        expect(await alert.innerText()).toBe(t('error.notPdf', { file: 'notes.txt' }));
        // The PDF again, with a trail file that is not JSON: said so, nothing checked.
        await page.locator('#trail').setInputFiles({
          name: 'trail.json',
          mimeType: 'application/json',
          buffer: Buffer.from('{"events": ['),
        });
        await page.locator('#pdf').setInputFiles({
          name: 'agreement-signed.pdf',
          mimeType: 'application/pdf',
          buffer: world.sealed,
        });
        await expect.poll(() => alert.innerText()).toBe(t('error.trailNotJson', { file: 'trail.json' }));

        expect(requests).toEqual([]);
        await context.close();
      }
      expect(world.problems).toEqual([]);
    }, 120_000);
  }

  it('the switcher reloads the page in the chosen language', async () => {
    const context = await newContext(world.browser, world.problems);
    const page = await context.newPage();
    await page.goto(`${world.api.url}/verify?lang=de`);
    await page.getByLabel(PAGE_CATALOGUES.de['lang.label']).selectOption('ar');
    await expect.poll(() => page.evaluate('document.documentElement.dir')).toBe('rtl');
    expect(new URL(page.url()).search).toBe('?lang=ar');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(VERIFY_CATALOGUES.ar.title);
    await context.close();
    expect(world.problems).toEqual([]);
  });
});

/** Nothing wider than the window, and no box whose text runs out of it (a long German word, say). */
async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const overflowing = await page.evaluate(`(() => {
    const out = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) out.push('page ' + root.scrollWidth + ' > ' + window.innerWidth);
    for (const el of document.querySelectorAll('h1, h2, p, label:not(.sr-only), caption, th, td, dt, dd, select'))
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(el.tagName + ' "' + el.textContent.slice(0, 40) + '" ' + el.scrollWidth + ' > ' + el.clientWidth);
    return out;
  })()`);
  expect(overflowing, what).toEqual([]);
}
