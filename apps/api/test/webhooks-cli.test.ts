import { loadConfig } from '@countersign/config';
import { createAccount, createRuntime } from '@countersign/core';
import { runCli, tempDir } from '@countersign/test-support';
import { beforeAll, expect, it } from 'vitest';

// `pnpm cli webhooks ...` as an operator runs it: a real process on a real DATA_DIR.

let env: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  env = { DATA_DIR: tempDir('countersign-webhooks-cli-'), LOG_LEVEL: 'silent' };
  const runtime = await createRuntime(loadConfig(env));
  accountId = (await createAccount(runtime.ctx, { name: 'CLI Hooks', email: 'ops@cli.test' })).accountId;
  await runtime.close();
});

/** `webhooks create` of a loopback endpoint (private addresses allowed) for `events`. */
const create = (events: string) =>
  runCli(
    [
      'webhooks',
      'create',
      '--account',
      accountId,
      '--url',
      'http://127.0.0.1:4000/hooks',
      '--events',
      events,
    ],
    { ...env, WEBHOOK_ALLOW_PRIVATE: '1' },
  );

it('creates, lists and deletes endpoints; refuses unknown event types', async () => {
  // Independent invocations run side by side: each one starts a whole process.
  const [created, badEvents] = await Promise.all([
    create('session.completed,session.signed'),
    create('session.viewed'),
  ]);
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  const { webhookId, secret } = created.json as { webhookId: string; secret: string };
  expect(Object.keys(created.json as object)).toEqual(['webhookId', 'secret']);
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(badEvents.code).toBe(1);
  expect(badEvents.stderr).toMatch(/--events: must be one of/);

  const listed = await runCli(['webhooks', 'list', '--account', accountId], env);
  expect(listed.code).toBe(0);
  expect(listed.stdout).not.toContain('whsec_');
  expect(listed.json).toEqual([
    expect.objectContaining({
      webhookId,
      url: 'http://127.0.0.1:4000/hooks',
      events: ['session.signed', 'session.completed'],
      status: 'enabled',
    }),
  ]);

  const deleted = await runCli(['webhooks', 'delete', '--account', accountId, '--webhook', webhookId], env);
  expect(deleted.code).toBe(0);
  expect(deleted.json).toEqual({ webhookId, deleted: true });
}, 120_000);
