/**
 * The languages of the signing page and of every email. A send may pick one (`locale`); otherwise the
 * account's default, otherwise the signer's browser; English when none of them is supported.
 */
export const SUPPORTED_LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'ja', 'ar'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Languages written right to left: the page and the emails are laid out `dir="rtl"`. */
export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** `de-CH` -> `de`: the language part, lowercased, when we support it. */
export function localeOf(tag: string | null | undefined): Locale | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** The first supported language of an Accept-Language header, by its q weights. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const locale = localeOf(r.tag);
    if (locale) return locale;
  }
  return null;
}
