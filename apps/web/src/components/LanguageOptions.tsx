import type { Locale } from '@countersign/schemas';

/** Every language of the signing page and emails, named in itself (a missing one fails the type check). */
const LANGUAGES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  ja: '日本語',
  ar: 'العربية',
};

/** The options of a language `<select>`: `none` names what the empty value means there. */
export function LanguageOptions({ none }: { none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </>
  );
}
