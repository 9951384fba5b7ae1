import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';

/** Liveness: the process answers. Readiness: its database (and, in the scaled topology, Redis) answer too. */
export function registerHealth(app: OpenAPIHono<AppEnv>): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const { runtime, queue } = c.get('deps');
    const checks: Record<string, 'ok' | 'failing'> = {};
    try {
      runtime.db.$client.prepare('SELECT 1').get();
      checks.database = 'ok';
    } catch {
      checks.database = 'failing';
    }
    if (queue.driver === 'bullmq') checks.redis = (await queue.ready()) ? 'ok' : 'failing';
    const ready = Object.values(checks).every((v) => v === 'ok');
    return c.json({ status: ready ? 'ok' : 'unavailable', checks }, ready ? 200 : 503);
  });
}
