import { describe, expect, it } from 'vitest';
import { type Field, patchField } from '../src/features/designer/model.ts';

// A field's label when the inspector gives it another role (features/designer/model.ts).

const field = (id: string, label: string, role: string | null, type: Field['type'] = 'signature'): Field => ({
  id,
  label,
  type,
  role,
  required: role !== null,
  document: 0,
  page: 1,
  x: 36,
  y: 36,
  width: 180,
  height: 40,
  source: 'designer',
});

describe('a field given to another role', () => {
  const fields = [
    field('a', 'Bea signature', 'Bea'),
    field('b', 'Bea signature 2', 'Bea'),
    field('c', 'Sam signature', 'Sam'),
  ];

  it('follows the new role when the designer made its label, the next free one', () => {
    expect(patchField(fields, fields[1]!, { role: 'Sam', required: true }).label).toBe('Sam signature 2');
    expect(patchField(fields, fields[0]!, { role: 'Kim' }).label).toBe('Kim signature');
    // Given to the sender: the plain type's label.
    expect(patchField(fields, fields[0]!, { role: null }).label).toBe('Signature');
  });

  it('keeps a label the member typed, and any change that is not the role', () => {
    const typed = field('d', 'Buyer signs here', 'Bea');
    expect(patchField([...fields, typed], typed, { role: 'Sam' }).label).toBe('Buyer signs here');
    expect(patchField(fields, fields[1]!, { x: 50 })).toEqual({ ...fields[1], x: 50 });
    expect(patchField(fields, fields[1]!, { role: 'Sam', label: 'Mine' }).label).toBe('Mine');
    // A text field's label does not name its role.
    const text = field('e', 'Text 2', 'Bea', 'text');
    expect(patchField([text], text, { role: 'Sam' }).label).toBe('Text 2');
  });
});
