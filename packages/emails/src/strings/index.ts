import { type Locale, RTL_LOCALES, SUPPORTED_LOCALES } from '@countersign/schemas';
import type { Inline } from '../content.ts';
import { EmailRenderError } from '../errors.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { type EmailCatalogue, type EmailKey, en, type PluralKey } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';

/** One catalogue per language of the signing page (SUPPORTED_LOCALES); each has exactly the English keys. */
export const EMAIL_CATALOGUES: Record<Locale, EmailCatalogue> = { en, de, fr, es, pt, it, nl, pl, ja, ar };

export const LOCALES = SUPPORTED_LOCALES;
export const PRODUCT_NAME = 'Countersign';

type Vars = Record<string, string | number>;
/** In rich keys these placeholders are people or the account: bold. `{title}` is the title. */
const STRONG = new Set(['sender', 'signer', 'decliner', 'previous']);

const fill = (template: string, vars: Vars) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));

/** The words, dates and lists of one language, looked up the one way the signing page looks up its own. */
export interface Strings {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  t(key: EmailKey, vars?: Vars): string;
  /** The plural form of `key` for `n` (`{n}` filled), by the language's Intl.PluralRules. */
  tn(key: PluralKey, n: number, vars?: Vars): string;
  /** A sentence with the title and names as separate runs, so the layouts can set them apart. */
  rich(key: EmailKey, vars: Vars): Inline[];
  /** A title in the language's quotation marks. */
  quoted(title: string): string;
  /** Always UTC and named so, month spelled out so day/month order cannot be misread. */
  dateTime(d: Date): string;
  /** "A, B and C" the language's way. */
  list(items: string[]): string;
}

export function stringsFor(locale: Locale): Strings {
  const catalogue = Object.hasOwn(EMAIL_CATALOGUES, locale) ? EMAIL_CATALOGUES[locale] : undefined;
  if (!catalogue) {
    throw new EmailRenderError(
      'invalid_message',
      `unsupported locale ${String(locale)}; supported: ${LOCALES.join(', ')}`,
    );
  }
  const plurals = new Intl.PluralRules(locale);
  // English dates the British way ("14 March 2025, 14:30"): day before month, 24-hour clock.
  const dates = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  const lists = new Intl.ListFormat(locale, { type: 'conjunction' });
  const t = (key: EmailKey, vars: Vars = {}) => fill(catalogue[key], vars);
  return {
    locale,
    dir: RTL_LOCALES.has(locale) ? 'rtl' : 'ltr',
    t,
    tn(key, n, vars = {}) {
      const own = catalogue[`${key}.${plurals.select(n)}` as EmailKey];
      return fill(own ?? catalogue[`${key}.other` as EmailKey], { ...vars, n });
    },
    rich(key, vars) {
      return catalogue[key]
        .split(/(\{\w+\})/)
        .filter((part) => part !== '')
        .map((part): Inline => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (name === undefined) return part;
          const value = String(vars[name] ?? '');
          if (name === 'title') return { title: value };
          return STRONG.has(name) ? { strong: value } : value;
        });
    },
    quoted: (title) => t('title.quoted', { title }),
    dateTime: (d) => `${dates.format(d).replace(' at ', ', ')} UTC`,
    list: (items) => lists.format(items),
  };
}
