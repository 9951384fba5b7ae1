import { templateTags } from '@countersign/db';
import {
  TEMPLATE_TAG_MAX_LENGTH,
  TEMPLATE_TAGS_MAX,
  type TemplateDetail,
  type TemplateList,
} from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';

// Template tags (docs/api.md, "Templates"): PUT .../tags replaces them (trimmed, case-folded, limited), the
// list filters by one, a copy takes them, no version is made, the activity log records the change; scoped to
// the account.

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let other: Awaited<ReturnType<TestApi['newAccount']>>;

beforeAll(async () => {
  api = await startTestApi();
  account = await api.newAccount('Tags Ltd', 'ops@tags.test');
  other = await api.newAccount('Outside Ltd', 'ops@outside-tags.test');
});
afterAll(() => api?.close());

const auth = (token = account.accessToken) => ({ authorization: `Bearer ${token}` });
const list = async (query = '', token = account.accessToken) =>
  ((await (await api.fetch(`/api/templates${query}`, { headers: auth(token) })).json()) as TemplateList)
    .templates;
const names = async (query = '') => (await list(query)).map((t) => t.name);
const setTags = async (templateId: string, body: unknown, token = account.accessToken) => {
  const res = await api.fetch(`/api/templates/${templateId}/tags`, {
    method: 'PUT',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as TemplateDetail & { error?: string; message?: string },
  };
};
const tagged = async () =>
  (await api.fetch('/api/activity?action=template.tagged', { headers: auth() }).then((r) => r.json())) as {
    events: { target: { id: string } | null; details: { from: string[]; to: string[] } | null }[];
  };

describe('template tags', () => {
  it('sets, replaces and clears the tags, one per case-folded spelling, without a new version', async () => {
    const lease = await createTestTemplate(api, account.accountId, { name: 'Lease', roles: ['Tenant'] });
    const before = (await (
      await api.fetch(`/api/templates/${lease.templateId}`, { headers: auth() })
    ).json()) as TemplateDetail;
    expect(before.tags).toEqual([]);

    // Trimmed; "hr" is the "HR" typed first; ordered ignoring case.
    const set = await setTags(lease.templateId, { tags: ['  lease ', 'HR', 'Berlin', 'hr', 'LEASE'] });
    expect(set.status).toBe(200);
    expect(set.body.tags).toEqual(['Berlin', 'HR', 'lease']);
    expect(set.body.version).toBe(before.version);
    expect(set.body.updatedAt).toBe(before.updatedAt);
    expect((await list()).find((t) => t.templateId === lease.templateId)?.tags).toEqual([
      'Berlin',
      'HR',
      'lease',
    ]);

    // Replaced, not added to: "Hr" now, as typed this time.
    const replaced = await setTags(lease.templateId, { tags: ['Hr', 'Munich'] });
    expect(replaced.body.tags).toEqual(['Hr', 'Munich']);
    // The same tags again change nothing and record nothing.
    expect((await setTags(lease.templateId, { tags: ['Munich', 'Hr'] })).body.tags).toEqual(['Hr', 'Munich']);
    const cleared = await setTags(lease.templateId, { tags: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.tags).toEqual([]);
    expect(cleared.body.version).toBe(before.version);

    const events = (await tagged()).events.filter((e) => e.target?.id === lease.templateId);
    expect(events.map((e) => e.details)).toEqual([
      { from: ['Hr', 'Munich'], to: [] },
      { from: ['Berlin', 'HR', 'lease'], to: ['Hr', 'Munich'] },
      { from: [], to: ['Berlin', 'HR', 'lease'] },
    ]);
  });

  it('takes up to 20 tags of up to 40 characters, and names each problem in a 400', async () => {
    const t = await createTestTemplate(api, account.accountId, { name: 'Limits', roles: ['Client'] });
    const many = Array.from({ length: TEMPLATE_TAGS_MAX }, (_, i) => `tag ${String(i).padStart(2, '0')}`);
    const long = 'x'.repeat(TEMPLATE_TAG_MAX_LENGTH);
    const full = await setTags(t.templateId, { tags: [...many.slice(1), ` ${long} `] });
    expect(full.status).toBe(200);
    expect(full.body.tags).toHaveLength(TEMPLATE_TAGS_MAX);
    expect(full.body.tags).toContain(long);

    const refused: [unknown, string][] = [
      [{ tags: [...many, 'one more'] }, `tags: must have at most ${TEMPLATE_TAGS_MAX} items`],
      [{ tags: [`${long}y`] }, `tags[0]: must be at most ${TEMPLATE_TAG_MAX_LENGTH} characters`],
      [{ tags: ['ok', '   '] }, 'tags[1]: must not be empty'],
      [{ tags: ['a\u0007b'] }, 'tags[0]: must not contain control characters'],
      [{ tags: ['a,b'] }, 'tags[0]: must not contain a comma'],
      [{ tags: ['\u200b'] }, 'tags[0]: must contain visible characters, not only spaces or invisible ones'],
      [{ tags: [3] }, 'tags[0]: must be a string'],
      [{ tags: 'HR' }, 'tags: must be an array'],
      [{}, 'tags: required'],
      [{ tags: [], colour: 'red' }, 'colour: unknown property'],
    ];
    for (const [body, message] of refused) {
      const res = await setTags(t.templateId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_request', message });
    }
    // Nothing refused changed anything.
    expect((await list()).find((x) => x.templateId === t.templateId)?.tags).toHaveLength(TEMPLATE_TAGS_MAX);
  });

  it('lists the templates with a tag, case ignored, among those in use or the archived ones', async () => {
    const hr = await createTestTemplate(api, account.accountId, { name: 'Onboarding', roles: ['Employee'] });
    const old = await createTestTemplate(api, account.accountId, {
      name: 'Old onboarding',
      roles: ['Employee'],
    });
    const sales = await createTestTemplate(api, account.accountId, { name: 'Quote', roles: ['Client'] });
    await setTags(hr.templateId, { tags: ['People', 'Contract'] });
    await setTags(old.templateId, { tags: ['people'] });
    await setTags(sales.templateId, { tags: ['Sales', 'contract'] });
    expect(
      (await api.fetch(`/api/templates/${old.templateId}/archive`, { method: 'POST', headers: auth() }))
        .status,
    ).toBe(200);

    expect(await names('?tag=PEOPLE')).toEqual(['Onboarding']);
    expect(await names('?tag=people&archived=true')).toEqual(['Old onboarding']);
    expect(await names(`?tag=${encodeURIComponent(' Contract ')}`)).toEqual(['Quote', 'Onboarding']);
    expect(await names('?tag=nothing')).toEqual([]);
    // Another account's tags are not this one's, nor its templates.
    const theirs = await createTestTemplate(api, other.accountId, {
      name: 'Their onboarding',
      roles: ['Employee'],
    });
    await setTags(theirs.templateId, { tags: ['People'] }, other.accessToken);
    expect(await names('?tag=people')).toEqual(['Onboarding']);
    expect((await list('?tag=people', other.accessToken)).map((t) => t.name)).toEqual(['Their onboarding']);

    for (const query of ['?tag=', `?tag=${'x'.repeat(TEMPLATE_TAG_MAX_LENGTH + 1)}`]) {
      const res = await api.fetch(`/api/templates${query}`, { headers: auth() });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
  });

  it('copies the tags with a duplicate, and drops them with a deleted template', async () => {
    const t = await createTestTemplate(api, account.accountId, { name: 'Invoice', roles: ['Client'] });
    await setTags(t.templateId, { tags: ['Finance', 'monthly'] });
    const res = await api.fetch(`/api/templates/${t.templateId}/duplicate`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(201);
    const copy = (await res.json()) as TemplateDetail;
    expect(copy.tags).toEqual(['Finance', 'monthly']);
    // The two are tagged apart from then on.
    await setTags(copy.templateId, { tags: ['Finance'] });
    expect((await list('?tag=monthly')).map((x) => x.templateId)).toEqual([t.templateId]);

    expect(
      (await api.fetch(`/api/templates/${t.templateId}`, { method: 'DELETE', headers: auth() })).status,
    ).toBe(204);
    const rows = await api.runtime.ctx.db
      .select()
      .from(templateTags)
      .where(eq(templateTags.templateId, t.templateId));
    expect(rows).toEqual([]);
    expect(await names('?tag=finance')).toEqual(['Invoice (copy)']);
  });

  it("refuses another account's template and a deleted one", async () => {
    const mine = await createTestTemplate(api, account.accountId, { name: 'Mine', roles: ['Client'] });
    const theirs = await setTags(mine.templateId, { tags: ['Stolen'] }, other.accessToken);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('template_not_found');
    expect((await list()).find((t) => t.templateId === mine.templateId)?.tags).toEqual([]);

    await api.fetch(`/api/templates/${mine.templateId}`, { method: 'DELETE', headers: auth() });
    expect((await setTags(mine.templateId, { tags: ['Late'] })).status).toBe(404);
    expect((await setTags('no-such-template', { tags: [] })).body.error).toBe('template_not_found');
  });
});
