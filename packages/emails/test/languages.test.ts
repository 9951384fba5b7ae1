import { describe, expect, it } from 'vitest';
import { samples } from '../scripts/samples.ts';
import { EMAIL_CATALOGUES, type EmailMessage, LOCALES, type Locale, renderEmail } from '../src/index.ts';

// Every email kind in every language of the signing page, the account's branding, and user text that tries
// to reorder the line around it (right-to-left overrides).

const allSamples = Object.entries(samples) as [string, EmailMessage][];
const english = EMAIL_CATALOGUES.en;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it.each(LOCALES)('%s has every English key with the same placeholders, and its plural forms', (locale) => {
    const catalogue = EMAIL_CATALOGUES[locale] as Record<string, string>;
    for (const [key, value] of Object.entries(english)) {
      expect(catalogue[key], `${locale} ${key}`).toBeTypeOf('string');
      if (!/\.(one|other)$/.test(key)) {
        expect(placeholders(catalogue[key]!), `${locale} ${key}`).toEqual(placeholders(value));
      }
    }
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const key of Object.keys(english).filter((k) => k.endsWith('.other'))) {
      const base = key.slice(0, -'.other'.length);
      for (const category of categories)
        expect(catalogue[`${base}.${category}`], `${locale} ${base}.${category}`).toBeTypeOf('string');
    }
    // No key that English does not have (a typo would silently never show).
    const plural = /\.(zero|one|two|few|many|other)$/;
    for (const key of Object.keys(catalogue)) {
      const known = key in english || (plural.test(key) && `${key.replace(plural, '')}.other` in english);
      expect(known, `${locale} ${key}`).toBe(true);
    }
  });
});

describe('every kind in every language', () => {
  const cases = LOCALES.flatMap((locale) => allSamples.map(([name, m]) => [locale, name, m] as const));

  it.each(cases)(
    '%s %s: its own words, lang and direction, both parts complete',
    (locale, _name, message) => {
      const email = renderEmail({ ...message, locale });
      const inEnglish = renderEmail({ ...message, locale: 'en' });
      expect(email.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      if (locale !== 'en') {
        // A caller's subject override is theirs; ours is translated. Our English footer never shows.
        if (!('subject' in message && message.subject)) expect(email.subject).not.toBe(inEnglish.subject);
        expect(email.text).not.toContain('Sent by Countersign');
        expect(email.text).not.toContain(inEnglish.text.split('\n-- \n')[1]);
      }
      // The facts are in both parts whatever the language: title, sender, every link.
      for (const part of [email.text, email.html]) {
        expect(part).toContain(message.sessionTitle);
        expect(part).toContain(message.senderName);
      }
      for (const url of Object.values(message).filter(
        (v): v is string => typeof v === 'string' && v.startsWith('https://'),
      ))
        expect(email.text).toContain(url);
      expect(email.text).not.toMatch(/\{\w+\}/);
      expect(email.html).not.toMatch(/\{\w+\}/);
    },
  );

  it('Arabic is laid out right to left; English left to right', () => {
    const ar = renderEmail({ ...samples.invite, locale: 'ar' });
    expect(ar.html).toMatch(/<body dir="rtl"/);
    expect(ar.html).toContain('text-align:right');
    expect(ar.html).not.toContain('text-align:left');
    expect(ar.text).toContain('مرحبًا Dana Whitfield،');
    // Links stay left to right inside the right-to-left text.
    expect(ar.html).toMatch(/<a href="[^"]+" target="_blank" dir="ltr"/);
    const en = renderEmail(samples.invite);
    expect(en.html).toContain('text-align:left');
    expect(en.html).not.toContain('text-align:right');
  });

  it('dates and counts follow the language', () => {
    const at = new Date('2025-03-14T14:30:00Z');
    const expectations: [Locale, string, string][] = [
      ['en', '14 March 2025, 14:30 UTC', 'expires in 3 days'],
      ['de', '14. März 2025 um 14:30 UTC', 'in 3 Tagen'],
      ['fr', '14 mars 2025 à 14:30 UTC', 'dans 3 jours'],
      ['ja', '2025年3月14日 14:30 UTC', 'あと 3 日'],
      ['pl', '14 marca 2025 14:30 UTC', 'za 3 dni'],
    ];
    for (const [locale, date, left] of expectations) {
      const email = renderEmail({ ...samples.reminder, locale, expiresAt: at, daysLeft: 3 });
      expect(email.text).toContain(date);
      expect(email.text).toContain(left);
    }
    const pl5 = renderEmail({ ...samples.reminder, locale: 'pl', daysLeft: 5 });
    expect(pl5.text).toContain('za 5 dni');
    const ar2 = renderEmail({ ...samples.signed, locale: 'ar', remaining: 2 });
    expect(ar2.text).toContain('يلزم توقيعان آخران');
  });
});

describe('branding', () => {
  const brand = {
    accentColor: '#0f766e',
    logoUrl: 'https://sign.countersign.test/assets/logos/0123456789abcdef0123456789abcdef.png',
  };

  it.each(allSamples)(
    '%s: accent colour and logo in the HTML part, the text part unchanged',
    (_name, message) => {
      const plain = renderEmail(message);
      const branded = renderEmail({ ...message, branding: brand });
      expect(branded.text).toBe(plain.text);
      expect(branded.subject).toBe(plain.subject);
      expect(branded.html).toContain(`<img src="${brand.logoUrl}" alt="" height="32"`);
      expect(branded.html).toContain('border-top:4px solid #0f766e');
      expect(branded.html).not.toContain('#1b4fd8');
      expect(plain.html).not.toMatch(/<img\b/);
      if (/href=/.test(plain.html)) expect(branded.html).toMatch(/color:#0f766e;text-decoration:underline/);
    },
  );

  it('a colour that is not #rrggbb or a logo URL that is not http(s) is a bug, refused', () => {
    expect(() =>
      renderEmail({ ...samples.invite, branding: { accentColor: 'red;background:url(x)' } }),
    ).toThrow(/accentColor/);
    expect(() => renderEmail({ ...samples.invite, branding: { logoUrl: 'javascript:alert(1)' } })).toThrow(
      /logoUrl/,
    );
  });
});

describe('right-to-left overrides in user text', () => {
  const RLO = '\u202E';
  const overrides = /[\u202A-\u202E\u2066-\u2069]/;

  it.each(LOCALES)('%s: a name with an RLO cannot reorder the email around it', (locale) => {
    for (const message of [
      { ...samples.signed, signerName: `Mallory ${RLO}fdp.exe`, locale },
      { ...samples.declined, declinerName: `Mallory ${RLO}fdp.exe`, locale },
      { ...samples.invite, senderName: `Acme ${RLO}evil`, recipientName: `Dana ${RLO}x`, locale },
      { ...samples.cc_copy, signers: [`Mallory ${RLO}fdp.exe`], sessionTitle: `NDA ${RLO}gnp`, locale },
    ] as EmailMessage[]) {
      const email = renderEmail(message);
      for (const part of [email.subject, email.text, email.html]) expect(part).not.toMatch(overrides);
      // Names and titles sit in their own isolate in the HTML.
      expect(email.html).toMatch(/<bdi>(Mallory fdp\.exe|Acme evil|NDA gnp)<\/bdi>/);
    }
  });
});
