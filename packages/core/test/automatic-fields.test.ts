import { describe, expect, it } from 'vitest';
import { automaticFieldValue } from '../src/sessions/automatic-fields.ts';
import { localDate } from '../src/sessions/locale.ts';

// The signing page and the stamped PDF both fill automatic fields through this one rule.
describe('automaticFieldValue', () => {
  const signedAt = Date.UTC(2027, 2, 14, 23, 30); // late in the UTC day: a local-time format would roll over
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

  it('fills date and name fields only once their owner has signed', () => {
    expect(automaticFieldValue('date', { name: 'Ana', signedAt: null }, iso)).toBeNull();
    expect(automaticFieldValue('name', { name: 'Ana', signedAt: null }, iso)).toBeNull();
    expect(automaticFieldValue('date', undefined, iso)).toBeNull();
    expect(automaticFieldValue('date', { name: 'Ana', signedAt }, iso)).toBe('2027-03-14');
    expect(automaticFieldValue('name', { name: 'Ana', signedAt }, iso)).toBe('Ana');
  });

  it('renders the day the caller’s way: the PDF in the session’s language, in UTC', () => {
    const owner = { name: 'Ana', signedAt };
    expect(automaticFieldValue('date', owner, (t) => localDate('de', t))).toBe('14. März 2027');
    expect(automaticFieldValue('date', owner, (t) => localDate('en', t))).toBe('14 March 2027');
  });

  it('gives nothing for a type that is never automatic', () => {
    expect(automaticFieldValue('text', { name: 'Ana', signedAt }, iso)).toBeNull();
  });
});
