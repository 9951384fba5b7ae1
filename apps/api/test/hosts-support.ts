import { loadConfig } from '@countersign/config';
import { createAccount, createRuntime } from '@countersign/core';
import {
  createTestDatabase,
  type DeploymentOptions,
  startDeployment,
  tempDir,
} from '@countersign/test-support';
import { afterAll } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';

/**
 * The scaled topology on several hosts for a test file: a PostgreSQL database of its own, the deployment's
 * processes each with its own DATA_DIR (`hosts`), the operator's runtime on the same database as one more
 * host, and an account with an access token. Stopped and dropped after the file's tests.
 */
export async function startHosts(
  options: Omit<DeploymentOptions, 'hosts'> & {
    /** Settings of every host, the operator's too, beside the database's (S3_*, where blobs live). */
    shared?: Record<string, string>;
  },
) {
  const database = await createTestDatabase();
  const shared = { ...database.env, ...options.shared };
  const d = await startDeployment({ ...options, hosts: true, env: { ...shared, ...options.env } });
  const operator = await createRuntime(
    loadConfig({ DATA_DIR: tempDir('countersign-operator-'), LOG_LEVEL: 'silent', ...shared }),
  );
  afterAll(async () => {
    await d.stop();
    await operator.close();
    await database.drop();
  });
  /** POST of a JSON body to the (first) API, as the account when `token` is given. */
  const post = (route: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
    checkedFetch(`${d.url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const account = await createAccount(operator.ctx, { name: 'Hosts Ltd', email: 'ops@hosts.test' });
  const exchanged = await post('/connect/token', { refresh_token: account.refreshToken });
  const token = ((await exchanged.json()) as { access_token: string }).access_token;
  return { database, d, operator, accountId: account.accountId, token, post };
}
