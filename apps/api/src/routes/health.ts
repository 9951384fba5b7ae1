import { ping } from '@countersign/db';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { anyone } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { apiRoute, jsonResponse } from '../http/openapi.ts';

const HealthSchema = z
  .strictObject({ status: z.literal('ok') })
  .openapi('Health', { description: 'The process answers.' });

const ReadinessSchema = z
  .strictObject({
    status: z.enum(['ok', 'unavailable']),
    checks: z.record(z.string(), z.enum(['ok', 'failing'])).openapi({
      description:
        '`database` always; `redis` in the scaled topology (REDIS_URL set); `s3` where the blobs are in an S3 bucket (S3_* set, on PostgreSQL).',
      example: { database: 'ok' },
    }),
  })
  .openapi('Readiness', { description: 'Whether the process and its dependencies answer.' });

export const healthzRoute = apiRoute({
  method: 'get',
  path: '/healthz',
  access: anyone,
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
  access: anyone,
  tags: ['Operations'],
  summary: 'Readiness: the database (and, where used, Redis and the S3 bucket) answer too',
  security: [],
  responses: {
    200: jsonResponse('Ready.', ReadinessSchema),
    503: jsonResponse('Not ready: `checks` names the failing dependency.', ReadinessSchema),
  },
});

/**
 * Liveness: the process answers. Readiness: its database (and, where used, Redis and the blobs' S3 bucket)
 * answer too, asked all at once.
 */
export function registerHealth(app: OpenAPIHono<AppEnv>): void {
  app.openapi(healthzRoute, (c) => c.json({ status: 'ok' as const }, 200));
  app.openapi(readyzRoute, async (c) => {
    const { runtime, queue } = c.get('deps');
    const { blobs } = runtime.ctx;
    const asked: Record<string, Promise<boolean>> = {
      database: ping(runtime.db).then(
        () => true,
        () => false,
      ),
    };
    if (queue.driver === 'bullmq') asked.redis = queue.ready();
    if (blobs.reachable) asked.s3 = blobs.reachable();
    const checks: Record<string, 'ok' | 'failing'> = {};
    for (const [name, answer] of Object.entries(asked)) checks[name] = (await answer) ? 'ok' : 'failing';
    const ready = Object.values(checks).every((v) => v === 'ok');
    return c.json({ status: ready ? 'ok' : 'unavailable', checks }, ready ? 200 : 503);
  });
}
