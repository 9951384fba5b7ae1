import { EmailRenderError } from '../errors.ts';
import type { Locale } from '../types.ts';
import { en } from './en.ts';

/** The shape every language's catalogue must have: English is the reference. */
export type Strings = typeof en;

const CATALOGS: Record<Locale, Strings> = { en };

export const LOCALES = Object.keys(CATALOGS) as Locale[];

export function stringsFor(locale: Locale): Strings {
  const strings = Object.hasOwn(CATALOGS, locale) ? CATALOGS[locale] : undefined;
  if (!strings) {
    throw new EmailRenderError(
      'invalid_message',
      `unsupported locale ${String(locale)}; supported: ${LOCALES.join(', ')}`,
    );
  }
  return strings;
}
