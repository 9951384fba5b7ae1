import { activityCsvHeader, activityCsvLine, eachActivity } from '@countersign/core';
import { ActivityExportQuerySchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { csvResponse } from '../../http/csv-response.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute } from '../../http/openapi.ts';

export const activityExportRoute = apiRoute({
  method: 'get',
  path: '/api/activity/export.csv',
  access: needs('account:admin'),
  tags: ['Account'],
  summary: "The account's activity log as CSV",
  description:
    'The events `GET /api/activity` lists with the same filters, all of them, newest first, streamed as CSV ' +
    '(RFC 4180: a header line, CRLF line ends, cells with a quote, comma or line break quoted). A cell starting ' +
    "with `=`, `+`, `-` or `@` is prefixed with `'` so that a spreadsheet does not run it as a formula. " +
    'Columns: at, action, actor_kind, actor_id, actor, target_kind, target_id, details (JSON), ip, user_agent.',
  request: { query: ActivityExportQuerySchema },
  responses: {
    200: {
      description: 'The CSV file (`Content-Disposition: attachment`).',
      content: { 'text/csv': { schema: z.string() } },
    },
  },
});

export function registerActivityExport(app: OpenAPIHono<AppEnv>): void {
  app.openapi(activityExportRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const events = eachActivity(ctx, accountId, c.req.valid('query'));
    const encoder = new TextEncoder();
    // A page of the log at a time, read outside any transaction: a long export holds nothing up.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(activityCsvHeader()));
      },
      async pull(controller) {
        const next = await events.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(activityCsvLine(next.value)));
      },
      async cancel() {
        await events.return(undefined);
      },
    });
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    return csvResponse(c, body, `activity-${day}.csv`);
  });
}
