import { setLegalHold } from '@countersign/core';
import { LegalHoldSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { sessionError, sessionRecords, sessionTarget } from './shared.ts';

const legalHoldRoute = (method: 'put' | 'delete') =>
  recordRoute(sessionRecords, {
    method,
    path: '/api/sessions/{sessionId}/legal-hold',
    summary:
      method === 'put'
        ? 'Put a session under legal hold: nothing purges it (extension)'
        : 'Release the legal hold of a session (extension)',
    description:
      method === 'put'
        ? 'Extension. While held, `DELETE /api/sessions/{sessionId}` answers 409 `legal_hold` and retention ' +
          'does not purge it. Holding a held session keeps its original `legalHoldSince`.'
        : 'Extension. Retention applies again from the next sweep (a session past its retention is purged then). ' +
          'Releasing a session that is not held is harmless.',
    responses: {
      200: jsonResponse('The hold as it now stands.', LegalHoldSchema),
      410: sessionError('`session_purged`: the session was purged, or its purge is under way.'),
    },
  });

export const legalHoldPutRoute = legalHoldRoute('put');
export const legalHoldDeleteRoute = legalHoldRoute('delete');

export function registerSessionLegalHold(app: OpenAPIHono<AppEnv>): void {
  for (const [route, hold] of [
    [legalHoldPutRoute, true],
    [legalHoldDeleteRoute, false],
  ] as const) {
    app.openapi(route, async (c) => {
      const { sessionId } = c.req.valid('param');
      const held = await recorded(
        c,
        () => setLegalHold(...forAccount(c), sessionId, hold),
        () => ({
          action: hold ? 'session.legal_hold_set' : 'session.legal_hold_released',
          target: sessionTarget(sessionId),
        }),
      );
      return c.json(held, 200);
    });
  }
}
