import fs from 'node:fs/promises';
import { cliActor, updateAccountSettings, withActivity } from '@countersign/core';
import { accounts, activityEvents } from '@countersign/db';
import { type ActivityEvent, type ActivityList, activityActionNames } from '@countersign/schemas';
import { runCli } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templatePdf, uploadTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { WebClient } from './web-support.ts';

// The account's activity log (issue 29): every change written with its actor in the change's transaction, read
// through GET /api/activity and its CSV export by owners and admin tokens only.

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let owner: WebClient;

const UA = 'ActivityTest/1.0 (+owner)';
const TOKEN_UA = 'integrator-client/2.3';

const withToken = (token: string, method = 'GET', body?: unknown): RequestInit => ({
  method,
  headers: {
    authorization: `Bearer ${token}`,
    'user-agent': TOKEN_UA,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
});

async function activity(query = '', token = account.accessToken): Promise<ActivityList> {
  const res = await api.fetch(`/api/activity${query}`, withToken(token));
  expect(res.status).toBe(200);
  return (await res.json()) as ActivityList;
}

/** The newest event of `action`. */
async function latest(action: string): Promise<ActivityEvent> {
  const [event] = (await activity(`?action=${action}&limit=1`)).events;
  if (!event) throw new Error(`no ${action} in the log`);
  return event;
}

/** An access token of a refresh token made through the API (by whoever `maker` is). */
async function exchange(refreshToken: string): Promise<string> {
  const res = await api.post('/connect/token', { refresh_token: refreshToken });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  api = await startTestApi({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  account = await api.newAccount('Acme', 'owner@acme.test');
  owner = await WebClient.forMember(api, account.ownerMemberId);
}, 60_000);
afterAll(() => api.close());

describe('who acted, and from where', () => {
  it('a member by cookie: tokens created and revoked, with their email, address and user agent', async () => {
    const created = await owner.fetch('POST', '/api/tokens', { label: 'ci' }, { 'user-agent': UA });
    expect(created.status).toBe(201);
    const token = (await created.json()) as { tokenId: string; refreshToken: string };
    expect(
      (await owner.fetch('DELETE', `/api/tokens/${token.tokenId}`, undefined, { 'user-agent': UA })).status,
    ).toBe(204);

    const [revoked, made] = (await activity('?action=token.')).events;
    expect(made).toMatchObject({
      action: 'token.created',
      actor: { kind: 'member', id: account.ownerMemberId, label: 'owner@acme.test' },
      target: { kind: 'token', id: token.tokenId },
      details: { label: 'ci', test: false },
      userAgent: UA,
    });
    expect(made!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(revoked).toMatchObject({ action: 'token.revoked', target: { kind: 'token', id: token.tokenId } });
    // The token itself is in no row.
    const rows = await api.runtime.ctx.db.select().from(activityEvents);
    expect(JSON.stringify(rows)).not.toContain(token.refreshToken);
  });

  it('a token: its label and hint; webhooks created, updated, enabled, rotated and deleted', async () => {
    const made = await api.fetch(
      '/api/tokens',
      withToken(account.accessToken, 'POST', { label: 'deploy bot' }),
    );
    const { refreshToken, tokenId } = (await made.json()) as { refreshToken: string; tokenId: string };
    const bot = await exchange(refreshToken);

    const res = await api.fetch('/api/webhooks', withToken(bot, 'POST', { url: 'http://127.0.0.1:9/hook' }));
    expect(res.status).toBe(201);
    const { webhookId, secret } = (await res.json()) as { webhookId: string; secret: string };
    const path = `/api/webhooks/${webhookId}`;
    expect((await api.fetch(path, withToken(bot, 'PATCH', { enabled: false }))).status).toBe(200);
    expect((await api.fetch(`${path}/enable`, withToken(bot, 'POST'))).status).toBe(200);
    // Enabling an enabled endpoint changes nothing, and logs nothing.
    expect((await api.fetch(`${path}/enable`, withToken(bot, 'POST'))).status).toBe(200);
    const rotated = await api.fetch(`${path}/rotate-secret`, withToken(bot, 'POST'));
    const newSecret = ((await rotated.json()) as { secret: string }).secret;
    expect((await api.fetch(path, withToken(bot, 'DELETE'))).status).toBe(204);

    const events = (await activity('?action=webhook.')).events;
    expect(events.map((e) => e.action)).toEqual([
      'webhook.deleted',
      'webhook.secret_rotated',
      'webhook.enabled',
      'webhook.updated',
      'webhook.created',
    ]);
    for (const e of events) {
      expect(e.actor).toEqual({
        kind: 'token',
        id: tokenId,
        label: expect.stringMatching(/^deploy bot \(csrt_.{4}…\)$/),
      });
      expect(e.target).toEqual({ kind: 'webhook', id: webhookId });
      expect(e.userAgent).toBe(TOKEN_UA);
    }
    expect(events.at(-1)!.details).toEqual({ url: 'http://127.0.0.1:9/hook', events: null });
    expect(events[3]!.details).toEqual({ enabled: false });
    const all = JSON.stringify(events);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(newSecret);
  });

  it('members invited, re-roled and removed; settings, branding and the drive', async () => {
    const invited = await owner.post('/api/members', { email: 'Bea@Acme.test', role: 'member' });
    expect(invited.status).toBe(201);
    const { memberId } = (await invited.json()) as { memberId: string };
    expect((await owner.patch(`/api/members/${memberId}`, { role: 'owner' })).status).toBe(200);
    expect((await owner.delete(`/api/members/${memberId}`)).status).toBe(204);

    const members = (await activity('?action=member.')).events;
    expect(members.map((e) => [e.action, e.details])).toEqual([
      ['member.removed', { email: 'bea@acme.test', role: 'owner' }],
      ['member.role_changed', { email: 'bea@acme.test', role: { from: 'member', to: 'owner' } }],
      ['member.invited', { email: 'bea@acme.test', role: 'member' }],
    ]);
    expect(members.every((e) => e.target?.id === memberId && e.actor.kind === 'member')).toBe(true);

    expect((await owner.patch('/api/account', { name: 'Acme Ltd', retentionDays: 30 })).status).toBe(200);
    expect(await latest('account.changed')).toMatchObject({
      details: { name: { from: 'Acme', to: 'Acme Ltd' }, retentionDays: { from: null, to: 30 } },
    });
    expect((await owner.fetch('PUT', '/api/account/branding', { accentColor: '#1d4ed8' })).status).toBe(200);
    expect((await latest('branding.changed')).details).toEqual({
      changed: ['accentColor'],
      accentColor: '#1d4ed8',
    });
    expect((await owner.delete('/api/drive/gdrive')).status).toBe(204);
    expect((await latest('drive.disconnected')).actor.kind).toBe('member');
  });

  it('templates created, edited and deleted; test sessions purged', async () => {
    const manifest = { name: 'NDA', documents: ['nda.pdf'], roles: ['Client'], fields: [] };
    const res = await uploadTemplate(api, account.accessToken, manifest, [
      { name: 'nda.pdf', bytes: await templatePdf(1, 'nda') },
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { templateId } = (await res.json()) as { templateId: string };
    const edited = await api.fetch(
      `/api/templates/${templateId}`,
      withToken(account.accessToken, 'PUT', { version: 1, name: 'NDA v2', roles: ['Client'], fields: [] }),
    );
    expect(edited.status).toBe(200);
    expect(
      (await api.fetch(`/api/templates/${templateId}`, withToken(account.accessToken, 'DELETE'))).status,
    ).toBe(204);
    expect((await activity('?action=template.')).events.map((e) => [e.action, e.details])).toEqual([
      ['template.deleted', null],
      ['template.edited', { name: 'NDA v2', version: 2 }],
      ['template.created', { name: 'NDA' }],
    ]);

    expect((await api.fetch('/api/sessions/test/purge', withToken(account.accessToken, 'POST'))).status).toBe(
      200,
    );
    expect((await latest('session.test_purged')).details).toEqual({ purged: 0 });
  });

  it('the CLI: actor `cli`, no address', async () => {
    const env = { ...api.dataEnv, SMTP_URL: '', REDIS_URL: '' };
    const out = await runCli(
      ['tokens', 'create', '--account', account.accountId, '--label', 'from cli'],
      env,
    );
    expect(out.code, out.stderr).toBe(0);
    const { tokenId } = out.json as { tokenId: string };
    expect(await latest('token.created')).toMatchObject({
      actor: { kind: 'cli', id: null, label: 'command line' },
      target: { kind: 'token', id: tokenId },
      details: { label: 'from cli' },
      ip: null,
      userAgent: null,
    });
  }, 60_000);
});

describe('the change and its row commit together', () => {
  const rowsOf = async () =>
    (
      await api.runtime.ctx.db
        .select()
        .from(activityEvents)
        .where(eq(activityEvents.accountId, account.accountId))
    ).length;

  it('a refused change leaves no row', async () => {
    const before = await rowsOf();
    // The account's one owner can neither go nor stop being an owner.
    expect((await owner.patch(`/api/members/${account.ownerMemberId}`, { role: 'member' })).status).toBe(409);
    expect((await owner.delete(`/api/members/${account.ownerMemberId}`)).status).toBe(409);
    expect((await owner.fetch('PUT', '/api/account/branding', { accentColor: '#ffff00' })).status).toBe(400);
    expect(await rowsOf()).toBe(before);
  });

  it('a change that fails after writing is rolled back with its row, and a row that cannot be written undoes the change', async () => {
    const { ctx } = api.runtime;
    const nameNow = async () =>
      (
        await ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, account.accountId))
      )[0]!.name;
    const name = await nameNow();
    const before = await rowsOf();
    await expect(
      withActivity(
        ctx,
        account.accountId,
        cliActor,
        async () => {
          await updateAccountSettings(ctx, account.accountId, { name: 'Changed' });
          throw new Error('the change fails after its write');
        },
        () => ({ action: 'account.changed' }),
      ),
    ).rejects.toThrow('fails after');
    // The log row names an account that does not exist: its insert fails, and the change goes with it.
    await expect(
      withActivity(
        ctx,
        'no-such-account',
        cliActor,
        () => updateAccountSettings(ctx, account.accountId, { name: 'Changed' }),
        () => ({ action: 'account.changed' }),
      ),
    ).rejects.toThrow();
    expect(await nameNow()).toBe(name);
    expect(await rowsOf()).toBe(before);
  });
});

describe('GET /api/activity', () => {
  it('filters by action, prefix, actor and time, and pages newest first', async () => {
    const all: ActivityEvent[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: ActivityList = await activity(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.events.length).toBeLessThanOrEqual(3);
      all.push(...page.events);
      cursor = page.nextCursor;
    }
    const everything = (await activity('?limit=200')).events;
    expect(all).toEqual(everything);
    expect(new Set(all.map((e) => e.activityId)).size).toBe(all.length);
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const byMember = (await activity(`?actorKind=member&actorId=${account.ownerMemberId}&limit=200`)).events;
    expect(byMember.length).toBeGreaterThan(0);
    expect(byMember.every((e) => e.actor.id === account.ownerMemberId)).toBe(true);
    expect((await activity('?actorKind=cli')).events.every((e) => e.actor.kind === 'cli')).toBe(true);
    expect((await activity('?action=member.invited')).events).toHaveLength(1);

    const middle = all[Math.floor(all.length / 2)]!;
    const upTo = (await activity(`?to=${encodeURIComponent(middle.at)}&limit=200`)).events;
    expect(upTo.every((e) => e.at <= middle.at)).toBe(true);
    const since = (await activity(`?from=${encodeURIComponent(middle.at)}&limit=200`)).events;
    expect(since.every((e) => e.at >= middle.at)).toBe(true);
    expect(upTo.length + since.length).toBeGreaterThanOrEqual(all.length);

    for (const bad of ['?action=token', '?action=token%25', '?actorKind=robot', '?cursor=nope']) {
      expect((await api.fetch(`/api/activity${bad}`, withToken(account.accessToken))).status).toBe(400);
    }
  });

  it('another account sees none of it', async () => {
    const other = await api.newAccount('Other', 'other@example.test');
    expect((await activity('', other.accessToken)).events).toEqual([]);
  });

  it('a member who is not an owner, and a test token, get 403', async () => {
    const invited = await owner.post('/api/members', { email: 'dev@acme.test', role: 'member' });
    const member = await WebClient.forMember(api, ((await invited.json()) as { memberId: string }).memberId);
    for (const path of ['/api/activity', '/api/activity/export.csv']) {
      const res = await member.get(path);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'insufficient_scope', scope: 'account:admin' });
    }
    const made = await owner.post('/api/tokens', { label: 'sandbox', test: true });
    const testToken = await exchange(((await made.json()) as { refreshToken: string }).refreshToken);
    for (const path of ['/api/activity', '/api/activity/export.csv']) {
      const res = await api.fetch(path, withToken(testToken));
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    }
  });
});

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += ch;
    } else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return records;
}

describe('GET /api/activity/export.csv', () => {
  it('exports the filtered log as RFC 4180 CSV, formula-safe', async () => {
    // A token labelled like a formula acts: its label is the actor cell of what it does.
    const made = await owner.post('/api/tokens', { label: '=HYPERLINK("http://evil.test","x"), "quoted"' });
    const evil = await exchange(((await made.json()) as { refreshToken: string }).refreshToken);
    expect(
      (await api.fetch('/api/account', withToken(evil, 'PATCH', { defaultSenderName: '-Sales, "EU" team' })))
        .status,
    ).toBe(200);

    const res = await api.fetch('/api/activity/export.csv?action=account.', withToken(account.accessToken));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header!.join(',')).toBe(
      'at,action,actor_kind,actor_id,actor,target_kind,target_id,details,ip,user_agent',
    );
    const listed = (await activity('?action=account.&limit=200')).events;
    expect(rows.map((r) => r[1])).toEqual(listed.map((e) => e.action));
    const [newest] = rows;
    expect(newest![4]).toMatch(/^'=HYPERLINK\("http:\/\/evil.test","x"\), "quoted" \(csrt_.{4}…\)$/);
    expect(JSON.parse(newest![7]!)).toEqual({ defaultSenderName: { from: null, to: '-Sales, "EU" team' } });
    expect(newest![9]).toBe(TOKEN_UA);
    // Every row has every column, however its cells were quoted.
    expect(rows.every((r) => r.length === header!.length)).toBe(true);
  });

  it('takes the same filters and refuses bad ones', async () => {
    const res = await api.fetch('/api/activity/export.csv?actorKind=cli', withToken(account.accessToken));
    const rows = parseCsv(await res.text()).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[2] === 'cli' && r[8] === '')).toBe(true);
    expect(
      (await api.fetch('/api/activity/export.csv?from=yesterday', withToken(account.accessToken))).status,
    ).toBe(400);
  });
});

describe('docs/activity-log.md', () => {
  it('lists every action of the catalog', async () => {
    const doc = await fs.readFile(new URL('../../../docs/activity-log.md', import.meta.url), 'utf8');
    expect(activityActionNames.filter((a) => !doc.includes(`| \`${a}\` |`))).toEqual([]);
  });
});
