import type { Locale } from '@countersign/schemas';
import { LanguageOptions } from '../../../components/LanguageOptions.tsx';

/** The template's default language: its sessions' signing pages and emails when a send names no `locale`. */
export function TemplateLanguage({
  value,
  onChange,
}: {
  value: Locale | null;
  onChange(locale: Locale | null): void;
}) {
  return (
    <section className="dz-panel" aria-label="Language">
      <label className="field">
        <span>Language of signing pages and emails</span>
        <select
          id="template-language"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? (e.target.value as Locale) : null)}
        >
          <LanguageOptions none="The account's default" />
        </select>
      </label>
      <p className="muted dz-hint">
        A send's own <code>locale</code> comes first.
      </p>
    </section>
  );
}
