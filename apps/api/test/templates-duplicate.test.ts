import type { TemplateDetail } from '@countersign/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate, signatureField } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';

// POST /api/templates/{templateId}/duplicate (docs/api.md, "Templates"): a copy with the original's current
// version, which then changes on its own; the original and its sessions are untouched; scoped to the account.

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let other: Awaited<ReturnType<TestApi['newAccount']>>;

beforeAll(async () => {
  api = await startTestApi();
  account = await api.newAccount('Copies Ltd', 'ops@copies.test');
  other = await api.newAccount('Others Ltd', 'ops@others.test');
});
afterAll(() => api?.close());

const auth = (token = account.accessToken) => ({ authorization: `Bearer ${token}` });
const read = async (id: string) =>
  (await (await api.fetch(`/api/templates/${id}`, { headers: auth() })).json()) as TemplateDetail;
/** A field as read, as a save takes it back (no send label; no role for the sender's). */
const editable = ({ sendLabel: _, role, ...f }: TemplateDetail['fields'][number]) =>
  role === null ? f : { ...f, role };
const duplicate = (id: string, body: unknown, token = account.accessToken) =>
  api.post(`/api/templates/${id}/duplicate`, body, token);

describe('duplicating a template', () => {
  it('copies the current version (documents, roles and colours, fields, language), then both change apart', async () => {
    const original = await createTestTemplate(api, account.accountId, {
      name: 'Lease',
      roles: ['Tenant', 'Landlord'],
      documents: [
        { filename: 'lease.pdf', pages: 2 },
        { filename: 'annex.pdf', pages: 1 },
      ],
      fields: [
        signatureField('Tenant', 600),
        signatureField('Landlord', 650),
        {
          label: 'Rent',
          type: 'text',
          page: 1,
          x: 72,
          y: 200,
          width: 120,
          height: 20,
          document: 'annex.pdf',
        },
      ],
    });
    // Edited once, so the copy must take version 2's fields and language, not version 1's.
    const before = await read(original.templateId);
    const saved = await api.fetch(`/api/templates/${original.templateId}`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({
        version: before.version,
        name: 'Lease',
        roles: ['Tenant', 'Landlord'],
        roleColors: { Tenant: '#7a1fa2' },
        defaultLocale: 'de',
        fields: before.fields.map((f) => editable(f.label === 'Rent' ? { ...f, label: 'Monthly rent' } : f)),
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const current = await read(original.templateId);

    const res = await duplicate(original.templateId, {});
    expect(res.status).toBe(201);
    const copy = (await res.json()) as TemplateDetail;
    expect(copy.templateId).not.toBe(original.templateId);
    expect(copy.name).toBe('Lease (copy)');
    expect(copy.version).toBe(1);
    const strip = (t: TemplateDetail) => ({
      roles: t.roles,
      roleColors: t.roleColors,
      defaultLocale: t.defaultLocale,
      documents: t.documents,
      fields: t.fields,
    });
    expect(strip(copy)).toEqual(strip(current));
    expect(copy.fields.map((f) => f.label)).toContain('Monthly rent');
    // The same PDFs, byte for byte.
    for (const index of [0, 1]) {
      const a = await api.fetch(`/api/templates/${original.templateId}/documents/${index}`, {
        headers: auth(),
      });
      const b = await api.fetch(`/api/templates/${copy.templateId}/documents/${index}`, { headers: auth() });
      expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
    }

    // Editing the copy leaves the original as it was; deleting the original leaves the copy.
    const edited = await api.fetch(`/api/templates/${copy.templateId}`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({
        version: copy.version,
        name: 'Lease for shops',
        roles: ['Tenant', 'Landlord'],
        fields: copy.fields.filter((f) => f.type === 'signature').map(editable),
      }),
    });
    expect(edited.status).toBe(200);
    expect(await read(original.templateId)).toEqual(current);
    const deleted = await api.fetch(`/api/templates/${original.templateId}`, {
      method: 'DELETE',
      headers: auth(),
    });
    expect(deleted.status).toBe(204);
    expect((await read(copy.templateId)).name).toBe('Lease for shops');

    // The activity log says whose copy it is.
    const activity = (await (
      await api.fetch('/api/activity?action=template.created', { headers: auth() })
    ).json()) as { events: { target: { id: string } | null }[] };
    expect(activity.events.find((e) => e.target?.id === copy.templateId)).toMatchObject({
      action: 'template.created',
      details: { name: 'Lease (copy)', duplicateOf: original.templateId },
    });
  });

  it('takes a name, refuses a bad body, and finds no template of another account or a deleted one', async () => {
    const original = await createTestTemplate(api, account.accountId, { name: 'NDA', roles: ['Party'] });
    const named = await duplicate(original.templateId, { name: '  NDA for suppliers ' });
    expect(named.status).toBe(201);
    expect(((await named.json()) as TemplateDetail).name).toBe('NDA for suppliers');

    const unknown = await duplicate(original.templateId, { name: 'x', folder: 'y' });
    expect(unknown.status).toBe(400);
    const empty = await duplicate(original.templateId, { name: '' });
    expect(empty.status).toBe(400);

    const theirs = await duplicate(original.templateId, {}, other.accessToken);
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as { error: string }).error).toBe('template_not_found');
    await api.fetch(`/api/templates/${original.templateId}`, { method: 'DELETE', headers: auth() });
    expect((await duplicate(original.templateId, {})).status).toBe(404);
    // Nothing half-made: the other account still has no template, this one only the named copy of NDA.
    const list = (await (await api.fetch('/api/templates', { headers: auth(other.accessToken) })).json()) as {
      templates: unknown[];
    };
    expect(list.templates).toEqual([]);
  });
});
