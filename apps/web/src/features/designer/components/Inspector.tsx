import { Options } from '../../../components/Options.tsx';
import { FIELD_TYPE_LABELS, FIELD_TYPES, type Field, type FieldType, type Role } from '../model.ts';

interface Props {
  fields: Field[];
  roles: Role[];
  problems: Map<string, string[]>;
  pageCounts: number[];
  onChange(id: string, patch: Partial<Field>, key: string): void;
  onDelete(): void;
  onAlign(edge: 'left' | 'top' | 'width' | 'height'): void;
}

/** The selected field's settings; for several, what they can share (alignment, delete). */
export function Inspector({ fields, roles, problems, onChange, onDelete, onAlign }: Props) {
  if (fields.length === 0) {
    return (
      <section className="dz-panel" aria-label="Field settings">
        <h2>Field</h2>
        <p className="muted">
          Select a field to edit it. Arrow keys move the selected field, Shift+arrows resize it (Ctrl for 10
          points); Ctrl+C / Ctrl+V copy and paste, Ctrl+Z / Ctrl+Shift+Z undo and redo, Delete removes.
        </p>
      </section>
    );
  }
  if (fields.length > 1) {
    return (
      <section className="dz-panel" aria-label="Field settings">
        <h2>{fields.length} fields selected</h2>
        <div className="row">
          <button type="button" className="small" onClick={() => onAlign('left')}>
            Align left edges
          </button>
          <button type="button" className="small" onClick={() => onAlign('top')}>
            Align tops
          </button>
          <button type="button" className="small" onClick={() => onAlign('width')}>
            Same width
          </button>
          <button type="button" className="small" onClick={() => onAlign('height')}>
            Same height
          </button>
          <button type="button" className="small danger" onClick={onDelete}>
            Delete
          </button>
        </div>
      </section>
    );
  }
  const f = fields[0]!;
  const reasons = problems.get(f.id);
  const num = (key: 'x' | 'y' | 'width' | 'height', label: string) => (
    <label className="field dz-num">
      <span>{label}</span>
      <input
        type="number"
        step="1"
        min={key === 'width' || key === 'height' ? 1 : 0}
        value={Math.round(f[key] * 100) / 100}
        onChange={(e) => {
          const v = Number(e.target.value);
          if (Number.isFinite(v)) onChange(f.id, { [key]: v }, `${f.id}:${key}`);
        }}
      />
    </label>
  );
  return (
    <section className="dz-panel" aria-label="Field settings">
      <h2>Field</h2>
      {reasons ? (
        <ul className="dz-reasons" aria-label="Problems with this field">
          {reasons.map((r) => (
            <li key={r}>This field {r}.</li>
          ))}
        </ul>
      ) : null}
      <div className="stack">
        <label className="field">
          <span>Label</span>
          <input
            value={f.label}
            onChange={(e) => onChange(f.id, { label: e.target.value }, `${f.id}:label`)}
          />
        </label>
        <label className="field">
          <span>Type</span>
          <select
            value={f.type}
            onChange={(e) => onChange(f.id, { type: e.target.value as FieldType }, `${f.id}:type`)}
          >
            <Options choices={FIELD_TYPES.map((t) => [t, FIELD_TYPE_LABELS[t]] as const)} />
          </select>
        </label>
        <label className="field">
          <span>Filled by</span>
          <select
            value={f.role ?? ''}
            onChange={(e) => {
              const role = e.target.value || null;
              onChange(f.id, { role, required: role !== null }, `${f.id}:role`);
            }}
          >
            <Options none="The sender (prefilled in the send)" choices={roles.map((r) => r.name)} />
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={f.required}
            onChange={(e) => onChange(f.id, { required: e.target.checked }, `${f.id}:required`)}
          />
          Required
        </label>
        <fieldset className="dz-geometry">
          <legend>Position and size (points)</legend>
          {num('x', 'X')}
          {num('y', 'Y')}
          {num('width', 'Width')}
          {num('height', 'Height')}
        </fieldset>
        <p className="muted">
          Page {f.page}
          {f.source === 'acroform'
            ? ' · found in the PDF form'
            : f.source === 'tag'
              ? ' · found as a text tag'
              : ''}
        </p>
        <button type="button" className="danger" onClick={onDelete}>
          Delete field
        </button>
      </div>
    </section>
  );
}
