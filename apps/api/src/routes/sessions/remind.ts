import { remindSessions } from '@countersign/core';
import { SessionsRemindRequestSchema, SessionsRemindResponseSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { requestOrigin } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonBody, jsonResponse } from '../../http/openapi.ts';

export const sessionsRemindRoute = apiRoute({
  method: 'post',
  path: '/api/sessions/remind',
  access: needs('sessions:send'),
  tags: ['Sessions'],
  summary: 'Remind the people several sessions wait for (extension)',
  description:
    'In each active session, everyone whose turn it is and who has not signed gets their invite email again, ' +
    'with the same link (as `POST /api/sessions/{sessionId}/participants/{participantId}/resend`, within its ' +
    'limit of 3 an hour per participant; also for `notify: false` sessions). Each session answers for itself ' +
    'in `results`: a session of another account, an ended one or one reminded too often says so there, and ' +
    'the others go ahead.',
  request: { body: jsonBody(SessionsRemindRequestSchema) },
  responses: {
    200: jsonResponse('One result per session.', SessionsRemindResponseSchema),
  },
});

export function registerSessionsRemind(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sessionsRemindRoute, async (c) => {
    const { sessionIds } = c.req.valid('json');
    const results = await remindSessions(...forAccount(c), sessionIds, requestOrigin(c));
    return c.json({ results }, 200);
  });
}
