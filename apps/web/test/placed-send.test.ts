import { describe, expect, it } from 'vitest';
import { distinctNames } from '../src/features/sending/api/place-fields.ts';
import { initialDocumentsForm } from '../src/features/sending/documents-form.ts';
import {
  clearPlacedSends,
  placedSendOf,
  placedSendOfForm,
  rolesFor,
  savePlacedSend,
  sendFormOfPlaced,
} from '../src/features/sending/placed-send.ts';

// The pure steps of "Send documents" with fields placed by hand (docs/web-app.md): the roles made for the
// recipients, the documents' distinct names, and the send form started from what was typed.

const person = (name: string, email = '') => ({ key: name || email, role: null, name, email });

describe('a send whose fields the member places', () => {
  it('names a role after each recipient, distinct ignoring case', () => {
    expect(
      rolesFor([
        person('Alex Kim'),
        person(' alex kim '),
        person('', 'bo@x.test'),
        person(''),
        person('Alex Kim'),
      ]),
    ).toEqual(['Alex Kim', 'alex kim (2)', 'bo@x.test', 'Recipient 4', 'Alex Kim (3)']);
  });

  it('makes document names distinct, keeping the extension', () => {
    expect(distinctNames(['a.pdf', 'A.PDF', 'a.pdf', 'b', 'b'])).toEqual([
      'a.pdf',
      'A (2).PDF',
      'a (3).pdf',
      'b',
      'b (2)',
    ]);
  });

  it('starts the send form from the typing: recipients by role in their order, roles added later empty', () => {
    const form = {
      ...initialDocumentsForm(),
      title: 'Supply',
      signingType: 'sequential' as const,
      notify: true,
      recipients: [person('Bea', 'bea@x.test'), person('Sam', 'sam@x.test')],
    };
    const pending = placedSendOfForm(form, rolesFor(form.recipients));
    expect(JSON.parse(JSON.stringify(pending))).toEqual(pending); // what localStorage keeps
    // The designer reordered the roles and added a witness: the typed order still leads.
    const send = sendFormOfPlaced({ roles: ['Sam', 'Witness', 'Bea'] }, pending);
    expect(send.recipients.map((r) => [r.role, r.name, r.email])).toEqual([
      ['Bea', 'Bea', 'bea@x.test'],
      ['Sam', 'Sam', 'sam@x.test'],
      ['Witness', '', ''],
    ]);
    expect(send).toMatchObject({ signingType: 'sequential', notify: true, prefill: {} });
    expect(send).not.toHaveProperty('title');
    expect(send).not.toHaveProperty('fieldsBy');
    // A role removed in the designer drops its recipient.
    expect(sendFormOfPlaced({ roles: ['Bea'] }, pending).recipients.map((r) => r.role)).toEqual(['Bea']);
    // Renamed there: by case only it is still theirs; renamed outright, the typed recipient left over takes it.
    const renamed = sendFormOfPlaced({ roles: ['BEA', 'Supplier', 'Witness'] }, pending);
    expect(renamed.recipients.map((r) => [r.role, r.name])).toEqual([
      ['BEA', 'Bea'],
      ['Supplier', 'Sam'],
      ['Witness', ''],
    ]);
  });

  it('keeps the typing in the browser for 30 days, drops entries of another shape, and forgets all on sign-out', () => {
    const stored = new Map<string, string>();
    // The browser's storage, as Node has none: the Web Storage calls the module makes.
    globalThis.localStorage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
      clear: () => stored.clear(),
      key: (i: number) => [...stored.keys()][i] ?? null,
      get length() {
        return stored.size;
      },
    } as Storage;
    const form = { ...initialDocumentsForm(), recipients: [person('Bea', 'bea@x.test')] };
    const day = 24 * 60 * 60 * 1000;
    expect(savePlacedSend('t1', placedSendOfForm(form, ['Bea'], 0))).toBe(true);
    expect(placedSendOf('t1', 29 * day)?.form.recipients[0]?.email).toBe('bea@x.test');
    expect(placedSendOf('t1', 30 * day)).toBeNull();
    expect(stored.size).toBe(0); // the stale entry went
    stored.set(
      'countersign.placed-send.t2',
      JSON.stringify({ savedAt: 0, form: { recipients: [{ name: 1 }] } }),
    );
    stored.set('countersign.placed-send.t3', '{not json');
    expect(placedSendOf('t2', 1)).toBeNull();
    expect(placedSendOf('t3', 1)).toBeNull();
    savePlacedSend('t4', placedSendOfForm(form, ['Bea']));
    stored.set('other', 'kept');
    clearPlacedSends();
    expect([...stored.keys()]).toEqual(['other']);
  });
});
