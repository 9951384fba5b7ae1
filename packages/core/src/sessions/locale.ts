import { DEFAULT_LOCALE, type Locale, localeOf } from '@countersign/schemas';

/**
 * The language of a session's emails and stamped dates, chosen as the signing page chooses its own (minus the
 * browser, which neither an email nor a PDF can ask): the send's `locale` (a template send falls back to the
 * template's default language when it is sent), else the account's default, else English.
 */
export function sessionLocale(options: { locale?: string | null }, accountDefault: Locale | null): Locale {
  return localeOf(options.locale) ?? accountDefault ?? DEFAULT_LOCALE;
}

/**
 * A date written the language's way with the month spelled out (`14. März 2027`, `2027年3月14日`), in UTC like
 * every time Countersign records: what an automatic "date signed" field shows. The audit data keeps ISO.
 */
export function localDate(locale: Locale, t: number): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(t));
}
