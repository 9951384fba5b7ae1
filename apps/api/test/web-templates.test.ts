import { sessionFields } from '@countersign/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPdfResponse } from './fixtures/pdfs.ts';
import { clientSignatureTemplate, signatureField } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { sendTemplate } from './sends.ts';
import { WebClient } from './web-support.ts';

// Editing templates from the designer (or an integrator): optimistic concurrency with a version, a stale
// save refused with the current version, sent sessions untouched by edits and by deletion, the document PDF.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ worker: false });
});
afterAll(() => api.close());

describe('template editing', () => {
  it('saves versions, refuses a stale save, and never changes a session already sent', async () => {
    const acme = await api.newAccount('Designer Ltd', 'owner@designer.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const { templateId } = await clientSignatureTemplate(api, acme.accountId, 'Lease');
    const v1 = (await (await web.get(`/api/templates/${templateId}`)).json()) as {
      version: number;
      name: string;
    };
    expect(v1.version).toBe(1);

    const cleo = { label: 'Client', name: 'Cleo', email: 'cleo@example.test' };
    const body = await sendTemplate(api, acme.accessToken, templateId, [[cleo]]);
    const sessionId = body.instantiation.sessions[0]!.sessionId;
    // The fields signing and completion use for this session.
    const signerView = async () =>
      (await sessionFields(api.runtime.ctx, sessionId)).map((f) => [
        f.label,
        f.type,
        f.page,
        f.x,
        f.y,
        f.participantId,
      ]);
    const fieldsBefore = await signerView();
    expect(fieldsBefore).toHaveLength(1);

    // Two members open version 1; the first save wins, the second gets 409 and changes nothing.
    const edit = {
      version: 1,
      name: 'Lease 2027',
      roles: ['Client', 'Witness'],
      fields: [
        signatureField('Client', 500, { document: 'document.pdf' }),
        signatureField('Witness', 650, { document: 'document.pdf' }),
      ],
    };
    const saved = await web.fetch('PUT', `/api/templates/${templateId}`, edit);
    expect(saved.status).toBe(200);
    const v2 = (await saved.json()) as {
      version: number;
      name: string;
      roles: string[];
      fields: { y: number }[];
    };
    expect(v2).toMatchObject({ version: 2, name: 'Lease 2027', roles: ['Client', 'Witness'] });
    expect(v2.fields.map((f) => f.y)).toEqual([500, 650]);

    const stale = await web.fetch('PUT', `/api/templates/${templateId}`, { ...edit, name: 'Overwrite' });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'template_version_conflict', currentVersion: 2 });
    const now = (await (await web.get(`/api/templates/${templateId}`)).json()) as {
      version: number;
      name: string;
    };
    expect(now).toMatchObject({ version: 2, name: 'Lease 2027' });

    // A bad field: the reason, nothing saved.
    const bad = await web.fetch('PUT', `/api/templates/${templateId}`, {
      ...edit,
      version: 2,
      fields: [signatureField('Client', 600, { label: 'Off page', page: 9, document: 'document.pdf' })],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/page/);
    expect(
      ((await (await web.get(`/api/templates/${templateId}`)).json()) as { version: number }).version,
    ).toBe(2);

    // The sent session still has its one field where it was.
    expect(await signerView()).toEqual(fieldsBefore);

    const pdf = await web.get(`/api/templates/${templateId}/documents/0`);
    await expectPdfResponse(pdf);
    expect((await web.get(`/api/templates/${templateId}/documents/1`)).status).toBe(404);

    // Another account: 404 on read, save and delete.
    const other = await api.newAccount('Other Designer', 'owner@other-designer.test');
    const nosy = await WebClient.forMember(api, other.ownerMemberId);
    expect((await nosy.fetch('PUT', `/api/templates/${templateId}`, { ...edit, version: 2 })).status).toBe(
      404,
    );
    expect((await nosy.delete(`/api/templates/${templateId}`)).status).toBe(404);

    expect((await web.delete(`/api/templates/${templateId}`)).status).toBe(204);
    expect((await web.get(`/api/templates/${templateId}`)).status).toBe(404);
    const list = (await (await web.get('/api/templates')).json()) as { templates: unknown[] };
    expect(list.templates).toEqual([]);
    expect((await web.get(`/api/sessions/${sessionId}`)).status).toBe(200);
    expect(await signerView()).toEqual(fieldsBefore);
  });
});
