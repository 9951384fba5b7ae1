import { auditTrail, auditTrailCsv, sessionOf } from '@countersign/core';
import { AuditTrailSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { csvResponse } from '../../http/csv-response.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { accountSession } from './shared.ts';

export const sessionAuditRoute = recordRoute(accountSession, {
  method: 'get',
  path: '/api/sessions/{sessionId}/audit',
  summary: 'Get the hash-chained audit trail of a session (extension)',
  responses: {
    200: jsonResponse(
      'Every audit event, oldest first, each chained to the one before it. For a purged session: no events ' +
        'and the head the deleted trail ended in.',
      AuditTrailSchema,
    ),
  },
});

export const sessionAuditCsvRoute = recordRoute(accountSession, {
  method: 'get',
  path: '/api/sessions/{sessionId}/audit.csv',
  summary: 'Get the audit trail of a session as CSV (extension)',
  description:
    'The events of `GET /api/sessions/{sessionId}/audit`, oldest first, as CSV (RFC 4180: a header line, CRLF ' +
    'line ends, cells with a quote, comma or line break quoted; a cell starting with `=`, `+`, `-` or `@` is ' +
    "prefixed with `'`). Columns: seq, at, type, participant_id, participant_name, participant_email, ip, " +
    'user_agent, data (JSON), prev_hash, hash. A purged session: the header line only.',
  responses: {
    200: {
      description: 'The CSV file (`Content-Disposition: attachment`).',
      content: { 'text/csv': { schema: z.string() } },
    },
  },
});

export function registerSessionAudit(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionAuditRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const session = await sessionOf(ctx, accountId, c.req.valid('param').sessionId);
    // A purged session's trail is deleted: its tombstone keeps the head (and GET /api/sessions/{id} the count).
    if (session.purgedAt !== null)
      return c.json({ sessionId: session.id, chainHead: session.purgedChainHead, events: [] }, 200);
    const events = await auditTrail(ctx, session.id);
    return c.json({ sessionId: session.id, chainHead: events.at(-1)?.hash ?? null, events }, 200);
  });
  app.openapi(sessionAuditCsvRoute, async (c) => {
    const { sessionId } = c.req.valid('param');
    const csv = await auditTrailCsv(...forAccount(c), sessionId);
    return csvResponse(c, csv, `audit-${sessionId}.csv`);
  });
}
