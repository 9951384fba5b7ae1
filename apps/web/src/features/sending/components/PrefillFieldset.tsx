import { FIELD_VALUE_MAX_LENGTH } from '@countersign/schemas/limits';
import { Field } from '../../../components/Field.tsx';
import type { PrefillField } from '../send-form.ts';

/**
 * The values the sender puts in before sending: fields the sender fills (nobody else will) and, optionally,
 * fields a recipient fills, whom the value then meets already typed. Empty means "not prefilled".
 */
export function PrefillFieldset({
  fields,
  values,
  onChange,
}: {
  fields: PrefillField[];
  values: Record<string, string>;
  onChange(next: Record<string, string>): void;
}) {
  if (fields.length === 0) return null;
  const set = (label: string, value: string) => onChange({ ...values, [label]: value });
  return (
    <fieldset className="card stack">
      <legend className="legend-title">Prefilled values</legend>
      <p className="muted">Leave a field empty to let its recipient fill it in.</p>
      <div className="prefill">
        {fields.map((f) => {
          const who = f.role === null ? 'filled by you' : `${f.role} fills it`;
          const label = (
            <>
              {f.sendLabel}{' '}
              <span className="muted">
                ({who}
                {f.required && f.role === null ? ', required' : ''})
              </span>
            </>
          );
          const value = values[f.sendLabel] ?? '';
          return (
            <Field key={f.sendLabel} label={label}>
              {f.type === 'checkbox' ? (
                <select value={value} onChange={(e) => set(f.sendLabel, e.target.value)}>
                  <option value="">{f.role === null ? 'Unchecked' : 'Left to the signer'}</option>
                  <option value="true">Checked</option>
                  {f.role === null ? null : <option value="false">Unchecked</option>}
                </select>
              ) : (
                <input
                  type={f.type === 'date' ? 'date' : f.type === 'email' ? 'email' : 'text'}
                  required={f.required && f.role === null}
                  value={value}
                  maxLength={FIELD_VALUE_MAX_LENGTH}
                  onChange={(e) => set(f.sendLabel, e.target.value)}
                />
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
