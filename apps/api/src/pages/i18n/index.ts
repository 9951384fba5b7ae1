import { type Locale, RTL_LOCALES } from '@countersign/schemas';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en, type PageCatalogue, type PageKey } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';

/** One catalogue per language; each has exactly the English keys (test: signing-page-i18n.test.ts). */
export const PAGE_CATALOGUES: Record<Locale, PageCatalogue> = { en, de, fr, es, pt, it, nl, pl, ja, ar };

export type { PageCatalogue, PageKey };

/** The one lookup: a key of `locale`'s catalogue with `{name}` placeholders filled. */
export function pageText(locale: Locale, key: PageKey, vars: Record<string, string | number> = {}): string {
  return PAGE_CATALOGUES[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export const pageDir = (locale: Locale) => (RTL_LOCALES.has(locale) ? 'rtl' : 'ltr');
