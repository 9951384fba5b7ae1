import { type Locale, RTL_LOCALES } from '@countersign/schemas';
import { en, type PageCatalogue, type PageKey } from './en.ts';

/** One catalogue per language; each has exactly the English keys (test: page-i18n.test.ts). */
export const PAGE_CATALOGUES: Record<Locale, PageCatalogue> = {
  en,
  de: en,
  fr: en,
  es: en,
  pt: en,
  it: en,
  nl: en,
  pl: en,
  ja: en,
  ar: en,
};

export type { PageKey };

/** The one lookup: a key of `locale`'s catalogue with `{name}` placeholders filled. */
export function pageText(locale: Locale, key: PageKey, vars: Record<string, string | number> = {}): string {
  return PAGE_CATALOGUES[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export const pageDir = (locale: Locale) => (RTL_LOCALES.has(locale) ? 'rtl' : 'ltr');
