import { useState } from 'react';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import type { Role } from '../model.ts';

interface Props {
  roles: Role[];
  problems: Map<string, string[]>;
  onAdd(name: string): void;
  onRename(index: number, name: string): void;
  onColor(index: number, color: string): void;
  onMove(index: number, by: -1 | 1): void;
  onRemove(index: number): void;
}

/** Roles in signing order (recipient order of a send), each with the colour its fields are shown in. */
export function RolesPanel({ roles, problems, onAdd, onRename, onColor, onMove, onRemove }: Props) {
  const [name, setName] = useState('');
  const taken = roles.some((r) => r.name.toLowerCase() === name.trim().toLowerCase());
  return (
    <section className="dz-panel" aria-label="Roles">
      <h2>Roles (signing order)</h2>
      <ol className="dz-roles">
        {roles.map((r, i) => {
          const reasons = problems.get(r.name);
          return (
            <li key={r.name}>
              <div className="row">
                <input
                  type="color"
                  className="dz-role-color"
                  value={r.color}
                  aria-label={`Colour of ${r.name}`}
                  onChange={(e) => onColor(i, e.target.value)}
                />
                <input
                  className="dz-role-name"
                  defaultValue={r.name}
                  aria-label={`Name of role ${i + 1}`}
                  onBlur={(e) => {
                    const v = e.target.value.trim();
                    if (v && v !== r.name) onRename(i, v);
                    else e.target.value = r.name;
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                  }}
                />
                <button
                  type="button"
                  className="small"
                  disabled={i === 0}
                  aria-label={`Move ${r.name} earlier`}
                  onClick={() => onMove(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="small"
                  disabled={i === roles.length - 1}
                  aria-label={`Move ${r.name} later`}
                  onClick={() => onMove(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="small danger"
                  aria-label={`Remove role ${r.name}`}
                  onClick={() => onRemove(i)}
                >
                  ✕
                </button>
              </div>
              {reasons ? <p className="error-text">{reasons.join('; ')}</p> : null}
            </li>
          );
        })}
      </ol>
      <Form
        className="row"
        onSubmit={() => {
          if (name.trim() && !taken) {
            onAdd(name.trim());
            setName('');
          }
        }}
      >
        <TextField label="New role" value={name} onValue={setName} placeholder="e.g. Client" />
        <button type="submit" disabled={!name.trim() || taken}>
          Add role
        </button>
      </Form>
      {taken ? <p className="error-text">A role with this name exists.</p> : null}
    </section>
  );
}
