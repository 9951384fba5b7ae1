import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerActivityExport } from './export.ts';
import { registerActivityList } from './list.ts';

/** GET /api/activity and its CSV export: the account's activity log (owners and admin tokens, live only). */
export function registerActivityRoutes(app: OpenAPIHono<AppEnv>): void {
  registerActivityList(app);
  registerActivityExport(app);
}
