import { Field } from '../../../components/Field.tsx';
import type { Mapping, Target } from '../mapping.ts';

/** Which column fills what: matched by header when the file was read, each one changeable. */
export function ColumnsFieldset({
  headers,
  targets,
  mapping,
  onChange,
}: {
  headers: string[];
  targets: Target[];
  mapping: Mapping;
  onChange(mapping: Mapping): void;
}) {
  return (
    <fieldset className="card stack">
      <legend className="legend-title">Columns</legend>
      <div className="grid-fields">
        {targets.map((t) => (
          <Field key={t.key} label={t.kind === 'field' && t.required ? `${t.label} (required)` : t.label}>
            <select
              name={t.key}
              value={mapping[t.key] ?? ''}
              onChange={(e) =>
                onChange({ ...mapping, [t.key]: e.target.value === '' ? null : Number(e.target.value) })
              }
            >
              <option value="">{t.kind === 'field' ? 'Not filled in' : 'Choose a column'}</option>
              {headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are named by position (headers may repeat)
                <option key={i} value={i}>
                  {h || `Column ${i + 1}`}
                </option>
              ))}
            </select>
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
