import { getSessionDetail } from '@countersign/core';
import { SessionDetailSchema } from '@countersign/schemas';
import { forAccount } from '../../http/account-scope.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { readRoute } from '../../http/record-route.ts';
import { accountSession } from './shared.ts';

export const registerSessionGet = readRoute(accountSession, '/api/sessions/{sessionId}', {
  summary: 'Get a session: status, participants, documents and timestamps',
  ok: jsonResponse('The session.', SessionDetailSchema),
  read: (c) => getSessionDetail(...forAccount(c), c.req.valid('param').sessionId),
});
