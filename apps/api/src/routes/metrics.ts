import { DomainError } from '@countersign/core';
import { metricsAuthorized } from '@countersign/metrics';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { operator } from '../http/access.ts';
import type { AppEnv } from '../http/env.ts';
import { apiRoute, errorResponseFor } from '../http/openapi.ts';

export const metricsRoute = apiRoute({
  method: 'get',
  path: '/metrics',
  access: operator,
  tags: ['Operations'],
  summary: "The process's metrics in the Prometheus text format",
  description:
    'Served only when `METRICS_TOKEN` is configured (404 otherwise), to a scraper that sends it as a bearer ' +
    'token. See docs/operations.md for the series and the alerts worth setting.',
  security: [{ metricsToken: [] }],
  responses: {
    200: {
      description: 'The exposition, text format 0.0.4.',
      content: { 'text/plain': { schema: z.string() } },
    },
    401: errorResponseFor('`unauthorized`: the metrics token is missing or wrong.'),
    404: errorResponseFor('`not_found`: metrics are off (no `METRICS_TOKEN`).'),
  },
});

export function registerMetrics(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'metricsToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator-configured `METRICS_TOKEN`.',
  });
  app.openapi(metricsRoute, async (c) => {
    const { metrics, config } = c.get('deps');
    const token = config.metrics.token;
    if (!metrics || !token) throw new DomainError('not_found', 'metrics are not enabled');
    if (!metricsAuthorized(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json(
        { error: 'unauthorized' as const, message: 'the metrics token is missing or wrong' },
        401,
      );
    }
    const { body, contentType } = await metrics.scrape();
    return c.text(body, 200, { 'content-type': contentType });
  });
}
