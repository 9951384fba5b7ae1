import { sessionReport, sessionReportCsv } from '@countersign/core';
import { SessionReportQuerySchema, SessionReportSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../http/access.ts';
import { forAccount } from '../http/account-scope.ts';
import { csvResponse } from '../http/csv-response.ts';
import type { AppEnv } from '../http/env.ts';
import { apiRoute, jsonResponse } from '../http/openapi.ts';

const description =
  'Sent, completed, declined and expired sessions per UTC day or week (each counted when it happened), the ' +
  'median time from sending to completion, and each step (a template role, or `Signer <n>`) with its median ' +
  'time from being asked to signing, slowest first. Test sessions are left out. At most 400 buckets.';

export const sessionReportRoute = apiRoute({
  method: 'get',
  path: '/api/reports/sessions',
  access: needs('sessions:read'),
  tags: ['Reports'],
  summary: "The account's sessions over a period (extension)",
  description,
  request: { query: SessionReportQuerySchema },
  responses: { 200: jsonResponse('The report.', SessionReportSchema) },
});

export const sessionReportCsvRoute = apiRoute({
  method: 'get',
  path: '/api/reports/sessions.csv',
  access: needs('sessions:read'),
  tags: ['Reports'],
  summary: "The account's sessions over a period, as CSV (extension)",
  description: `${description} As CSV: one line per bucket (start, sent, completed, declined, expired).`,
  request: { query: SessionReportQuerySchema },
  responses: {
    200: {
      description: 'The CSV file (`Content-Disposition: attachment`).',
      content: { 'text/csv': { schema: z.string() } },
    },
  },
});

export function registerReports(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionReportRoute, async (c) =>
    c.json(await sessionReport(...forAccount(c), c.req.valid('query')), 200),
  );
  app.openapi(sessionReportCsvRoute, async (c) => {
    const report = await sessionReport(...forAccount(c), c.req.valid('query'));
    return csvResponse(c, sessionReportCsv(report), `sessions-report-${report.from.slice(0, 10)}.csv`);
  });
}
