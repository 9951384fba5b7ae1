import { Hono } from 'hono';
import { loadBareApp } from './bare-app.ts';
import type { CannonResult } from './cannon.ts';

/** The two reads a repeated cancel cannot avoid: is the token's refresh token revoked? the session's status. */
export type CancelReads = (sessionId: string) => Promise<{ revoked: unknown; status: unknown }>;

/**
 * A cancel's floor on one database: POST /floor with the cancel's JSON body runs only `reads`, behind bare Hono
 * (no middleware, no validation, no domain code), loaded like the cancel windows on the same sessions.
 */
export async function loadReadsFloor(sessionIds: string[], reads: CancelReads): Promise<CannonResult> {
  const app = new Hono().post('/floor', async (c) => {
    const { sessionId } = await c.req.json<{ sessionId: string }>();
    return c.json(await reads(sessionId));
  });
  return await loadBareApp(
    app,
    sessionIds.map((sessionId) => ({
      method: 'POST' as const,
      path: '/floor',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, reason: 'bench' }),
    })),
  );
}
