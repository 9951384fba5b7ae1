import { queueEmail } from '@countersign/core';
import { scopes } from '@countersign/schemas/scopes';
import { runCli } from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

// The CLI runs as real child processes on the DATA_DIR of a running API, as an operator would use it.
// Each spawn costs about a second and a half of CPU, so there are few of them and independent ones run
// together; the timeouts below are for a loaded machine.

let api: TestApi;
let env: Record<string, string>;
const cli = (...args: string[]) => runCli(args, env);
let account: { accountId: string; refreshToken: string; signInUrl: string };

beforeAll(async () => {
  api = await startTestApi();
  env = { ...api.dataEnv, SMTP_URL: '', REDIS_URL: '' };
  const created = await cli('accounts', 'create', '--name', 'Acme Integrations', '--email', 'ops@acme.test');
  expect(created.code, created.stderr).toBe(0);
  account = created.json as typeof account;
}, 120_000);
afterAll(() => api.close());

const exchange = (refreshToken: string) => api.post('/connect/token', { refresh_token: refreshToken });

describe('accounts create', () => {
  it('prints the account id and a refresh token that the running API accepts', async () => {
    expect(Object.keys(account).sort()).toEqual([
      'accountId',
      'ownerMemberId',
      'refreshToken',
      'signInUrl',
      'signInUrlExpiresAt',
    ]);
    expect(account.signInUrl).toMatch(/\/app\/sign-in#token=cssl_[A-Za-z0-9_-]{43}$/);
    // The owner's printed link signs in to the running API once.
    const token = account.signInUrl.split('#token=')[1];
    const signedIn = await api.post('/api/auth/sign-in/verify', { token });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { member: { role: string } }).member.role).toBe('owner');
    expect(account.refreshToken).toMatch(/^csrt_[A-Za-z0-9_-]{43,}$/);

    const res = await exchange(account.refreshToken);
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const probe = await api.fetch('/api/sessions', { headers: { authorization: `Bearer ${access_token}` } });
    expect(probe.status).not.toBe(401);
  });
});

describe('tokens', () => {
  it('creates a labelled token, lists tokens without secrets, and revokes one', async () => {
    const created = await cli('tokens', 'create', '--account', account.accountId, '--label', 'ci pipeline');
    expect(created.code, created.stderr).toBe(0);
    const token = created.json as { refreshToken: string; tokenId: string; scopes: string[] };
    expect(token.refreshToken).toMatch(/^csrt_/);
    expect(token.scopes).toEqual([...scopes]); // no --scope: every scope
    expect(token.refreshToken).not.toBe(account.refreshToken);
    expect((await exchange(token.refreshToken)).status).toBe(200);

    const listed = await cli('tokens', 'list', '--account', account.accountId);
    expect(listed.code, listed.stderr).toBe(0);
    const list = listed.json as Record<string, unknown>[];
    expect(list.map((t) => t.label).sort()).toEqual(['ci pipeline', 'initial']);
    const ci = list.find((t) => t.tokenId === token.tokenId);
    expect(ci).toMatchObject({
      label: 'ci pipeline',
      revokedAt: null,
      scopes: [...scopes],
      createdBy: { kind: 'cli', memberId: null, email: null, name: null },
    });
    expect(typeof ci?.lastUsedAt).toBe('string'); // it was exchanged above
    // Neither the secrets nor their hashes leave the database.
    for (const t of list) {
      expect(Object.keys(t)).not.toContain('tokenHash');
      expect(String(t.hint).length).toBeLessThan(12);
    }
    expect(listed.stdout).not.toContain(token.refreshToken);
    expect(listed.stdout).not.toContain(account.refreshToken);
    expect(listed.stdout).not.toMatch(/[0-9a-f]{64}/);

    const revoked = await cli(
      'tokens',
      'revoke',
      '--account',
      account.accountId,
      '--token-id',
      token.tokenId,
    );
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.json).toEqual({ tokenId: token.tokenId, revoked: true });

    const refused = await exchange(token.refreshToken);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    // The other token is untouched.
    expect((await exchange(account.refreshToken)).status).toBe(200);
  }, 120_000);
});

describe('tokens create --scope', () => {
  it('gives the token the scopes named, which GET /api/me reports; an unknown one is refused, naming the valid', async () => {
    const [created, unknown] = await Promise.all([
      cli(
        'tokens',
        'create',
        '--account',
        account.accountId,
        '--label',
        'reports',
        '--scope',
        'account:read',
        '--scope',
        'sessions:read',
      ),
      cli('tokens', 'create', '--account', account.accountId, '--scope', 'sessions:write'),
    ]);
    expect(created.code, created.stderr).toBe(0);
    const token = created.json as { refreshToken: string; scopes: string[] };
    expect(token.scopes).toEqual(['sessions:read', 'account:read']); // in the order scopes are listed
    const { access_token } = (await (await exchange(token.refreshToken)).json()) as { access_token: string };
    const me = await api.fetch('/api/me', { headers: { authorization: `Bearer ${access_token}` } });
    expect(((await me.json()) as { scopes: string[] }).scopes).toEqual(['sessions:read', 'account:read']);

    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain(`--scope: unknown scope sessions:write; valid: ${scopes.join(', ')}`);
  }, 60_000);
});

describe('errors', () => {
  it('exit non-zero with a message on stderr and nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [['accounts', 'create', '--name', 'No Email'], /--email is required/],
      [['accounts', 'create', '--name', 'Bad', '--email', 'not-an-email'], /--email: invalid email/],
      [['tokens', 'create', '--account', 'no-such-account'], /account no-such-account not found/],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(...args)));
    for (const [i, r] of results.entries()) {
      const [args, message] = cases[i]!;
      const label = args.join(' ');
      expect(r.code, label).not.toBe(0);
      expect(r.code, label).not.toBeNull();
      expect(r.stdout, label).toBe('');
      expect(r.stderr, label).toMatch(message);
      expect(r.stderr, label).not.toMatch(/^\s+at /m); // a message, not a stack trace
    }
  }, 60_000);
});

describe('mail list', () => {
  it('lists the dev mailbox as JSON, optionally filtered by recipient', async () => {
    const first = await queueEmail(api.runtime.ctx, account.accountId, {
      to: ['alice@example.test'],
      subject: 'Please sign: NDA',
      text: 'Sign here',
      html: '<p>Sign here</p>',
    });
    const second = await queueEmail(api.runtime.ctx, account.accountId, {
      to: ['bob@example.test'],
      subject: 'Please sign: MSA',
      text: 'Sign there',
      html: '<p>Sign there</p>',
    });
    await api.runtime.dispatchOutbox();

    const [all, bob] = await Promise.all([
      cli('mail', 'list'),
      cli('mail', 'list', '--to', 'BOB@example.test'),
    ]);
    expect(all.code, all.stderr).toBe(0);
    const mails = all.json as { messageId: string; to: string[]; subject: string; text: string }[];
    expect(mails).toHaveLength(2);
    const host = new URL(api.config.publicUrl).hostname;
    expect(mails.map((m) => m.messageId).sort()).toEqual(
      [`<${first}@${host}>`, `<${second}@${host}>`].sort(),
    );
    expect(mails.find((m) => m.subject === 'Please sign: NDA')).toMatchObject({
      to: ['alice@example.test'],
      text: 'Sign here',
    });

    expect(bob.code, bob.stderr).toBe(0);
    expect(bob.json).toEqual([
      expect.objectContaining({ messageId: `<${second}@${host}>`, to: ['bob@example.test'] }),
    ]);
  }, 60_000);
});
