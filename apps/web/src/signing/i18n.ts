import { LOCALE, STRINGS } from './page.ts';

// One catalogue per language (the server's), one lookup; numbers, dates and waits in the language's own way.

export type Vars = Record<string, string | number>;

/** The catalogue's text for `key`, `{name}` placeholders filled. */
export const t = (key: string, vars: Vars = {}): string =>
  (STRINGS[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));

export const hasText = (key: string): boolean => key in STRINGS;

const plurals = new Intl.PluralRules(LOCALE);
export const numbers = new Intl.NumberFormat(LOCALE);

/** A plural key (`key.one`, `key.other`, ...) for `n`, with `{n}` formatted for the language. */
export const tn = (key: string, n: number, vars: Vars = {}): string => {
  const exact = `${key}.${plurals.select(n)}`;
  return t(exact in STRINGS ? exact : `${key}.other`, { ...vars, n: numbers.format(n) });
};

/** User text inside our sentences is isolated, so right-to-left names never reorder what is around them. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleString(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

const dayFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
/** A date field's value is an ISO day (2027-03-01); the page shows it the reader's way. */
export const formatDay = (value: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : value;

/** "in 25 seconds", "in 12 minutes": the language's own words for a wait. */
const relativeTime = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
export const inTime = (seconds: number): string =>
  seconds < 90
    ? relativeTime.format(seconds, 'second')
    : relativeTime.format(Math.ceil(seconds / 60), 'minute');
