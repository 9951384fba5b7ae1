import type { TemplateDetail, TemplateList } from '@countersign/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { sendTemplate } from './sends.ts';

// Archiving a template (docs/api.md, "Templates"): out of the default list and into `archived=true`, still
// sent and read; restored back; recorded in the activity log; scoped to the account.

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let other: Awaited<ReturnType<TestApi['newAccount']>>;

beforeAll(async () => {
  api = await startTestApi();
  account = await api.newAccount('Archive Ltd', 'ops@archive.test');
  other = await api.newAccount('Outside Ltd', 'ops@outside.test');
});
afterAll(() => api?.close());

const auth = (token = account.accessToken) => ({ authorization: `Bearer ${token}` });
const names = async (query = '') =>
  (
    (await (await api.fetch(`/api/templates${query}`, { headers: auth() })).json()) as TemplateList
  ).templates.map((t) => t.name);
const act = async (templateId: string, action: 'archive' | 'restore', token = account.accessToken) => {
  const res = await api.fetch(`/api/templates/${templateId}/${action}`, {
    method: 'POST',
    headers: auth(token),
  });
  return { status: res.status, body: (await res.json()) as TemplateDetail & { error?: string } };
};

describe('archiving templates', () => {
  it('moves a template out of the list and back, while it can still be sent', async () => {
    const old = await createTestTemplate(api, account.accountId, { name: 'Old lease', roles: ['Tenant'] });
    await createTestTemplate(api, account.accountId, { name: 'New lease', roles: ['Tenant'] });
    expect(await names()).toEqual(['New lease', 'Old lease']);

    const archived = await act(old.templateId, 'archive');
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    expect(await names()).toEqual(['New lease']);
    expect(await names('?archived=false')).toEqual(['New lease']);
    expect(await names('?archived=true')).toEqual(['Old lease']);
    // Archiving again keeps the first time.
    expect((await act(old.templateId, 'archive')).body.archivedAt).toBe(archived.body.archivedAt);

    // Still read and sent.
    const detail = (await (
      await api.fetch(`/api/templates/${old.templateId}`, { headers: auth() })
    ).json()) as TemplateDetail;
    expect(detail.archivedAt).toBe(archived.body.archivedAt);
    const sent = await sendTemplate(api, account.accessToken, old.templateId, [
      [{ label: 'Tenant', name: 'Tia', email: 'tia@archive.test' }],
    ]);
    expect(sent.invites).toHaveLength(1);

    const restored = await act(old.templateId, 'restore');
    expect(restored.status).toBe(200);
    expect(restored.body.archivedAt).toBeNull();
    expect(await names()).toEqual(['New lease', 'Old lease']);
    expect(await names('?archived=true')).toEqual([]);

    const activity = (await (
      await api.fetch('/api/activity?action=template.archived', { headers: auth() })
    ).json()) as { events: { target: { id: string } | null }[] };
    expect(activity.events.map((e) => e.target?.id)).toEqual([old.templateId]);
    const restoredLog = (await (
      await api.fetch('/api/activity?action=template.restored', { headers: auth() })
    ).json()) as { events: unknown[] };
    expect(restoredLog.events).toHaveLength(1);
  });

  it("refuses another account's template and a bad filter", async () => {
    const mine = await createTestTemplate(api, account.accountId, { name: 'Mine', roles: ['Client'] });
    const theirs = await act(mine.templateId, 'archive', other.accessToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('template_not_found');
    expect((await api.fetch('/api/templates?archived=yes', { headers: auth() })).status).toBe(400);
    expect((await api.fetch('/api/templates?folder=x', { headers: auth() })).status).toBe(400);
  });
});
