import type { SigningErrorResponse, SigningView } from '@countersign/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { box, createTestTemplate } from './fixtures/templates.ts';
import { startSigningWorld } from './signing-setup.ts';

const w = await startSigningWorld();
afterAll(() => w.close());

const typed = (value: string) => ({ kind: 'typed' as const, value });
const byLabel = (view: SigningView, label: string) => view.fields.find((f) => f.label === label)!;

async function twoSigners() {
  const template = await createTestTemplate(w.api, w.accountId, {
    roles: ['Client', 'Witness'],
    pages: 2,
    fields: [
      { label: 'Company', type: 'text', role: 'Client', ...box(1, 72, 100, 200, 20) },
      { label: 'Move-in', type: 'date', role: 'Client', ...box(1, 72, 140, 120, 20) },
      { label: 'Initials 1', type: 'initials', role: 'Client', ...box(1, 500, 740, 50, 24) },
      { label: 'Initials 2', type: 'initials', role: 'Client', ...box(2, 500, 740, 50, 24) },
      { label: 'Signature', type: 'signature', role: 'Client', ...box(2, 72, 600, 200, 40) },
      { label: 'Witness text', type: 'text', role: 'Witness', ...box(1, 300, 100, 150, 20) },
      { label: 'Witness sig', type: 'signature', role: 'Witness', ...box(2, 320, 600, 200, 40) },
    ],
  });
  return w.sendTemplate({
    templateId: template.templateId,
    recipients: [
      { label: 'Client', name: 'Dana Draft' },
      { label: 'Witness', name: 'Wes Witness' },
    ],
    signingType: 'sequential',
    authRequirement: 'public',
  });
}

describe('signer drafts', () => {
  it('are saved per signer, restored in their own view only, checked like signing, and dropped at signing', async () => {
    const s = await twoSigners();
    const dana = w.signer(s.tokens[0]!);
    const wes = w.signer(s.tokens[1]!);
    const view = await dana.view();
    expect(view.draft).toBeNull();
    const id = (label: string) => byLabel(view, label).id;

    const draft = {
      values: [{ fieldId: id('Company'), value: 'Draft & Co' }],
      signature: typed('Dana Draft'),
      initials: typed('DD'),
      initialed: [id('Initials 1')],
    };
    const saved = await dana.request('PUT', '/draft', draft);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ saved: true });
    expect((await dana.view()).draft).toEqual(draft);
    // Never part of what another signer or the field values show.
    const wesView = await wes.view();
    expect(wesView.draft).toBeNull();
    expect(byLabel(wesView, 'Company').value).toBeNull();

    // The same rules as signing: not someone else's field, not an unknown property, not their turn.
    const foreign = await dana.request('PUT', '/draft', {
      ...draft,
      values: [{ fieldId: id('Witness text'), value: 'x' }],
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as SigningErrorResponse).error).toBe('field_not_allowed');
    const placedForeign = await dana.request('PUT', '/draft', { ...draft, initialed: [id('Witness sig')] });
    expect(((await placedForeign.json()) as SigningErrorResponse).fieldIds).toEqual([id('Witness sig')]);
    expect((await dana.request('PUT', '/draft', { ...draft, extra: 1 })).status).toBe(400);
    const early = await wes.request('PUT', '/draft', { values: [] });
    expect(early.status).toBe(409);
    expect(((await early.json()) as SigningErrorResponse).error).toBe('not_your_turn');
    expect((await dana.view()).draft).toEqual(draft);

    // Placing: with `placed`, every required initials and signature field must have been tapped.
    const values = [...draft.values, { fieldId: id('Move-in'), value: '2027-03-01' }];
    const unplaced = await dana.sign({
      values,
      signature: draft.signature,
      placed: [id('Initials 1'), id('Signature')],
    });
    expect(unplaced.status).toBe(400);
    expect(await unplaced.json()).toMatchObject({ error: 'fields_missing', fieldIds: [id('Initials 2')] });
    const signed = await dana.sign({
      values,
      signature: draft.signature,
      initials: draft.initials,
      placed: [id('Initials 1'), id('Initials 2'), id('Signature')],
    });
    expect(signed.status).toBe(200);
    const after = await dana.view();
    expect(after.draft).toBeNull();
    expect((await dana.request('PUT', '/draft', draft)).status).toBe(409);

    // What Dana adopted is drawn for her after a reload and for the next signer.
    for (const v of [after, await wes.view()]) {
      expect(byLabel(v, 'Signature').adopted).toEqual(typed('Dana Draft'));
      expect(byLabel(v, 'Initials 2').adopted).toEqual(typed('DD'));
      expect(byLabel(v, 'Witness sig').adopted).toBeNull();
      expect(byLabel(v, 'Move-in').value).toBe('2027-03-01');
    }
  });
});
