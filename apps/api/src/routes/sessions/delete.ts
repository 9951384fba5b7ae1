import { getSessionDetail, recordActivity, requestPurge } from '@countersign/core';
import { SessionDetailSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { sessionError, sessionRecords, sessionTarget } from './shared.ts';

export const sessionDeleteRoute = recordRoute(sessionRecords, {
  method: 'delete',
  path: '/api/sessions/{sessionId}',
  summary: 'Purge an ended session, keeping a tombstone (extension)',
  description:
    'Extension. For a completed, cancelled, declined, expired or failed session: deletes its documents (the ' +
    'stored PDFs), field values, drafts and audit trail, replaces every name and email, revokes its links, and ' +
    "keeps a tombstone: ids, status, times, the documents' SHA-256 hashes and the audit chain head " +
    '(`purge` in the answer and in `GET /api/sessions/{sessionId}`). The purge runs as a durable job: the ' +
    'answer says `purge.state` `pending` until it is done, then a `session.purged` webhook is sent once. ' +
    'Repeating the call is safe. Irreversible.',
  responses: {
    202: jsonResponse(
      'Purge accepted (or already done): the session with its `purge` state.',
      SessionDetailSchema,
    ),
    409: sessionError(
      '`session_active`: the session has not ended (cancel it first). `legal_hold`: the session is under legal hold.',
    ),
  },
});

export function registerSessionDelete(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionDeleteRoute, async (c) => {
    const { runtime } = c.get('deps');
    const accountId = c.get('accountId');
    const { sessionId } = c.req.valid('param');
    // Its purge job is queued through the outbox, from the same transaction, and so is its activity entry.
    await requestPurge(runtime.ctx, accountId, sessionId, () =>
      recordActivity(runtime.ctx, accountId, actorOf(c), 'session.purged', sessionTarget(sessionId), null),
    );
    return c.json(await getSessionDetail(runtime.ctx, accountId, sessionId), 202);
  });
}
