import { ping } from '@countersign/db';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { apiRoute, jsonResponse } from '../http/openapi.ts';

const HealthSchema = z
  .strictObject({ status: z.literal('ok') })
  .openapi('Health', { description: 'The process answers.' });

const ReadinessSchema = z
  .strictObject({
    status: z.enum(['ok', 'unavailable']),
    checks: z.record(z.string(), z.enum(['ok', 'failing'])).openapi({
      description: '`database` always; `redis` in the scaled topology (REDIS_URL set).',
      example: { database: 'ok' },
    }),
  })
  .openapi('Readiness', { description: 'Whether the process and its dependencies answer.' });

export const healthzRoute = apiRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Operations'],
  summary: 'Liveness: the process answers',
  security: [],
  responses: {
    200: jsonResponse('Alive.', HealthSchema),
  },
});

export const readyzRoute = apiRoute({
  method: 'get',
  path: '/readyz',
  tags: ['Operations'],
  summary: 'Readiness: the database (and, in the scaled topology, Redis) answer too',
  security: [],
  responses: {
    200: jsonResponse('Ready.', ReadinessSchema),
    503: jsonResponse('Not ready: `checks` names the failing dependency.', ReadinessSchema),
  },
});

/** Liveness: the process answers. Readiness: its database (and, in the scaled topology, Redis) answer too. */
export function registerHealth(app: OpenAPIHono<AppEnv>): void {
  app.openapi(healthzRoute, (c) => c.json({ status: 'ok' as const }, 200));
  app.openapi(readyzRoute, async (c) => {
    const { runtime, queue } = c.get('deps');
    const checks: Record<string, 'ok' | 'failing'> = {};
    try {
      await ping(runtime.db);
      checks.database = 'ok';
    } catch {
      checks.database = 'failing';
    }
    if (queue.driver === 'bullmq') checks.redis = (await queue.ready()) ? 'ok' : 'failing';
    const ready = Object.values(checks).every((v) => v === 'ok');
    return c.json({ status: ready ? 'ok' : 'unavailable', checks }, ready ? 200 : 503);
  });
}
