import { defaultRoleColor, type TemplateDetail } from '@countersign/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureField, templatePdf, uploadTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { WebClient } from './web-support.ts';

// The designer's colour per role and the template's default language, stored with the template: chosen at
// creation (manifest) or by a save (PUT), defaults for roles without one, kept across saves by role name, and
// bad colours refused with the reason and nothing saved.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ worker: false });
});
afterAll(() => api.close());

const signature = (role: string, y: number) => signatureField(role, y, { document: 'lease.pdf' });

describe('role colours and the default language', () => {
  it('stores chosen colours, fills in defaults, keeps them across saves and refuses bad ones', async () => {
    const acme = await api.newAccount('Colours Ltd', 'owner@colours.test');
    const web = await WebClient.forMember(api, acme.ownerMemberId);
    const created = await uploadTemplate(
      api,
      acme.accessToken,
      {
        name: 'Lease',
        documents: ['lease.pdf'],
        roles: ['Tenant', 'Landlord'],
        roleColors: { tenant: '#7a1f5c' },
        fields: [signature('Tenant', 500), signature('Landlord', 600)],
      },
      [{ name: 'lease.pdf', bytes: await templatePdf(1, 'lease') }],
    );
    expect(created.status).toBe(201);
    const { templateId } = (await created.json()) as { templateId: string };
    const read = async () => (await (await web.get(`/api/templates/${templateId}`)).json()) as TemplateDetail;

    // Named case-insensitively; the role without a colour gets the default of its position.
    const v1 = await read();
    expect(v1.roleColors).toEqual({ Tenant: '#7a1f5c', Landlord: defaultRoleColor(1) });
    expect(v1.defaultLocale).toBeNull();

    // A save (PUT) is the template as created with `body` over it.
    const base = {
      name: 'Lease',
      roles: ['Tenant', 'Landlord'],
      fields: [signature('Tenant', 500), signature('Landlord', 600)],
    };
    const put = (body: Record<string, unknown>) =>
      web.fetch('PUT', `/api/templates/${templateId}`, { ...base, ...body });
    /** Saves; expects 200 and gives the template as read back. */
    const save = async (body: Record<string, unknown>) => {
      expect((await put(body)).status).toBe(200);
      return read();
    };

    // A save with colours and a language; reloaded as saved.
    expect(
      await save({ version: 1, defaultLocale: 'de', roleColors: { Tenant: '#005f73', Landlord: '#8a6100' } }),
    ).toMatchObject({
      version: 2,
      defaultLocale: 'de',
      roleColors: { Tenant: '#005f73', Landlord: '#8a6100' },
    });

    // A save without `roleColors` or `defaultLocale` keeps both (by role name, whatever the new order);
    // a new role gets the default of its position.
    expect(await save({ version: 2, roles: ['Landlord', 'Tenant', 'Witness'] })).toMatchObject({
      version: 3,
      defaultLocale: 'de',
      roleColors: { Landlord: '#8a6100', Tenant: '#005f73', Witness: defaultRoleColor(2) },
    });

    // Too light to see on the page, a colour for a role that does not exist, not #rrggbb: 400, nothing saved.
    const refused = async (body: Record<string, unknown>, reason: RegExp) => {
      const res = await put({ version: 3, ...body });
      expect(res.status).toBe(400);
      const error = (await res.json()) as { error: string; message: string };
      expect(error.message).toMatch(reason);
      return error.error;
    };
    expect(
      await refused(
        { roleColors: { Tenant: '#ffee88' } },
        /#ffee88 for "Tenant" has a contrast of 1\.\d+:1 .* at least 3:1/,
      ),
    ).toBe('template_invalid');
    expect(await refused({ roleColors: { Notary: '#005f73' } }, /"Notary" is not one of the roles/)).toBe(
      'template_invalid',
    );
    expect(
      await refused({ roleColors: { Tenant: 'red' } }, /roleColors\.Tenant: must be a #rrggbb colour/),
    ).toBe('invalid_request');
    expect(await refused({ defaultLocale: 'xx' }, /defaultLocale: must be one of en, /)).toBe(
      'invalid_request',
    );
    expect(await read()).toMatchObject({
      version: 3,
      defaultLocale: 'de',
      roleColors: { Landlord: '#8a6100', Tenant: '#005f73' },
    });

    // Clearing the language.
    expect((await save({ version: 3, defaultLocale: null })).defaultLocale).toBeNull();
  }, 120_000);
});
