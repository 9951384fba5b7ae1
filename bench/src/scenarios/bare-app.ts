import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { CONNECTIONS, DURATION_S } from './cancel-windows.ts';
import { type CannonRequest, type CannonResult, cannon } from './cannon.ts';

/** Serves a floor's bare Hono app on a free port, loads it like the cancel windows, and closes it. */
export async function loadBareApp(app: Hono, requests: CannonRequest[]): Promise<CannonResult> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    return await cannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      requests,
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
