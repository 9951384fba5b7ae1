import { createAccount, type ServiceContext } from '@countersign/core';
import { type Deployment, pidOf, type ServiceProcess } from '@countersign/test-support';
import { expect } from 'vitest';
import { bearer, type Receiver } from './webhooks-support.ts';

/**
 * The opening of a worker-crash test: the deployment started, its first worker (the one to freeze and kill),
 * and a new account whose webhooks go to `receiver`, with its access token and a JSON POST to the API as it.
 * `send` is the fetch to use (checkedFetch also holds every answer to the OpenAPI document).
 */
export async function startCrashTest(
  deployment: Deployment,
  ctx: ServiceContext,
  receiver: Receiver,
  account: { name: string; email: string },
  send: (url: string, init: RequestInit) => Promise<Response> = fetch,
) {
  deployment.start();
  await deployment.ready();
  const [firstWorker] = deployment.workers as [ServiceProcess];
  const { accountId, refreshToken } = await createAccount(ctx, account);
  const post = (path: string, body: unknown, token?: string) =>
    send(deployment.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      body: JSON.stringify(body),
    });
  const token = (
    (await (await post('/connect/token', { refresh_token: refreshToken })).json()) as { access_token: string }
  ).access_token;
  expect((await post('/api/webhooks', { url: receiver.url }, token)).status).toBe(201);
  return { firstWorker, firstWorkerPid: pidOf(firstWorker)!, accountId, token, post };
}
