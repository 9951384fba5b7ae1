import { SUPPORTED_LOCALES } from '@countersign/schemas';
import { describe, expect, it } from 'vitest';
import { en } from '../src/pages/i18n/en.ts';
import { PAGE_CATALOGUES } from '../src/pages/i18n/index.ts';
import { expectAccessible, newContext, screenshot, signingWorld, tabTo, VIEWPORTS } from './web/browser.ts';

const world = signingWorld();

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const PLURAL = /\.(zero|one|two|few|many|other)$/;

describe('the signing page in ten languages', () => {
  it('has every key of the English catalogue in every language, with the same placeholders and its plural forms', () => {
    const keys = Object.keys(en);
    for (const locale of SUPPORTED_LOCALES) {
      const catalogue = PAGE_CATALOGUES[locale] as Record<string, string>;
      for (const key of keys) {
        expect(catalogue[key], `${locale}: ${key}`).toBeTypeOf('string');
        expect(catalogue[key]!.trim(), `${locale}: ${key}`).not.toBe('');
        // A translation may drop {n} where the plural form says the number in words (Arabic "two fields").
        if (!PLURAL.test(key))
          expect(placeholders(catalogue[key]!), `${locale}: ${key}`).toEqual(
            placeholders(en[key as keyof typeof en]),
          );
      }
      // Nothing but English keys, plus the plural categories the language has.
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const key of Object.keys(catalogue)) {
        if (key in en) continue;
        expect(key, locale).toMatch(PLURAL);
        expect(categories, `${locale}: ${key}`).toContain(key.split('.').pop());
      }
      for (const base of keys.filter((k) => k.endsWith('.other')).map((k) => k.slice(0, -6)))
        for (const category of categories)
          if (category !== 'zero')
            expect(catalogue[`${base}.${category}`], `${locale}: ${base}.${category}`).toBeDefined();
    }
  });

  it("picks the send's locale, else the account's default, else the browser's language; ?lang= overrides", async () => {
    const lang = (html: string) => /<html lang="(\w+)" dir="(\w+)">/.exec(html)!.slice(1).join(' ');
    const bad = await world.signing.api.post(
      '/api/sessions/send',
      {
        cloudFileIds: [world.signing.cloudFileId],
        signingRequests: [{ recipients: [{ name: 'X', email: 'x@example.test' }] }],
        locale: 'xx',
      },
      await world.signing.accessToken(),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('locale: must be one of en, de');

    const res = await world.signing.api.post(
      '/api/sessions/send',
      {
        cloudFileIds: [world.signing.cloudFileId],
        signingRequests: [{ recipients: [{ name: 'Dora Deutsch', email: 'dora@example.test' }] }],
        locale: 'de',
        authRequirement: 'public',
      },
      await world.signing.accessToken(),
    );
    const german = (
      (await res.json()) as { rows: { participants: { signingUrl: string }[] }[] }
    ).rows[0]!.participants[0]!.signingUrl.split('/s/')[1]!;
    const page = (token: string, headers: Record<string, string> = {}, query = '') =>
      world.signing.api.fetch(`/s/${token}${query}`, { headers }).then((r) => r.text());
    expect(lang(await page(german, { 'accept-language': 'ja' }))).toBe('de ltr');
    expect(await page(german)).toContain('Zum Inhalt springen');
    expect(lang(await page(german, {}, '?lang=ar'))).toBe('ar rtl');

    const plain = (
      await world.signing.send({ recipients: [{ name: 'Nora None' }], authRequirement: 'public' })
    ).tokens[0]!;
    expect(lang(await page(plain, { 'accept-language': 'fr-CH, ja;q=0.9' }))).toBe('fr ltr');
    expect(lang(await page(plain, { 'accept-language': 'zh-CN, pl;q=0.5' }))).toBe('pl ltr');
    expect(lang(await page(plain, { 'accept-language': 'zh-CN' }))).toBe('en ltr');
    const branding = await world.signing.api.fetch('/api/account/branding', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await world.signing.accessToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ defaultLocale: 'it' }),
    });
    expect(branding.status).toBe(200);
    expect(lang(await page(plain, { 'accept-language': 'fr' }))).toBe('it ltr');
    expect(lang(await page(german, { 'accept-language': 'fr' }))).toBe('de ltr');
  });

  it('lays Arabic out right to left, formats for the language, and switches language by keyboard', async () => {
    const s = await world.signing.send({
      recipients: [{ name: 'ليلى Laila' }],
      authRequirement: 'public',
      title: 'عقد الإيجار',
    });
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await newContext(world.browser, world.problems, viewport);
      const page = await context.newPage();
      await page.goto(`${world.signing.api.url}/s/${s.tokens[0]}?lang=ar`);
      await page.getByRole('heading', { name: 'جاهز للتوقيع' }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      // Three required fields: Arabic's "few" plural form, with the number in Arabic digits.
      expect(await page.locator('#progress').textContent()).toBe(
        `بقيت ${new Intl.NumberFormat('ar').format(3)} حقول مطلوبة`,
      );
      // The right-to-left name is isolated inside the sentence.
      expect(await page.locator('#meta').textContent()).toContain('\u2068ليلى Laila\u2069');
      await expectAccessible(page, `arabic ${viewport.width}`);
      await screenshot(page, `arabic-${viewport.width}.png`);
      if (viewport === VIEWPORTS.phone) {
        await tabTo(page, '#lang');
        await page.keyboard.type('Deutsch');
        await page.waitForURL(/lang=de/);
        await page.getByRole('heading', { name: 'Bereit zum Unterschreiben' }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('de');
        expect(await page.locator('#progress').textContent()).toBe('Noch 3 Pflichtfelder');
        await expectAccessible(page, 'german after switching');
      }
      await context.close();
    }
    expect(world.problems).toEqual([]);
  }, 120_000);
});
