import { purgeTestSessions } from '@countersign/core';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';

export const TestSessionsPurgedSchema = z
  .strictObject({ purged: z.int().openapi({ description: 'Test sessions deleted.' }) })
  .openapi('TestSessionsPurged');

export const testSessionsPurgeRoute = apiRoute({
  method: 'post',
  path: '/api/sessions/test/purge',
  access: needs('sessions:cancel'),
  tags: ['Sessions'],
  summary: "Delete the account's test sessions",
  description:
    'Extension. Deletes every test session of the account (sent with a test token) with its documents, ' +
    'participants and audit trail; real sessions are never touched. List them first with `GET /api/sessions?test=true`.',
  responses: {
    200: jsonResponse('Purged.', TestSessionsPurgedSchema),
  },
});

export function registerTestSessionsPurge(app: OpenAPIHono<AppEnv>): void {
  app.openapi(testSessionsPurgeRoute, async (c) => {
    const purged = await recorded(
      c,
      () => purgeTestSessions(...forAccount(c)),
      (result) => ({ action: 'session.test_purged', details: result }),
    );
    return c.json(purged, 200);
  });
}
