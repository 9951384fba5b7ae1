import { z } from '@hono/zod-openapi';
import { arrayOf, strictObject, uuidString } from './common.ts';
import { REMIND_SESSIONS_MAX } from './limits.ts';

// POST /api/sessions/remind (extension): the sessions list's "Remind" for several sessions at once.

export const SessionsRemindRequestSchema = strictObject({
  sessionIds: arrayOf(uuidString(), { min: 1, max: REMIND_SESSIONS_MAX }).openapi({
    description: `The sessions to remind (1 to ${REMIND_SESSIONS_MAX}); a repeated id counts once.`,
  }),
}).openapi('SessionsRemindRequest');
export type SessionsRemindRequest = z.output<typeof SessionsRemindRequestSchema>;

export const SessionsRemindResponseSchema = z
  .object({
    results: z.array(
      z.object({
        sessionId: z.string(),
        reminded: z.array(z.string()).openapi({
          description: 'The participants whose invite was emailed again (their turn, not signed yet).',
        }),
        error: z
          .string()
          .optional()
          .openapi({
            description:
              '`session_not_found`, `invalid_request` (the session is not active) or `rate_limited` (a ' +
              "participant's invite was resent 3 times in the last hour; those before them were reminded).",
          }),
        message: z.string().optional(),
      }),
    ),
  })
  .openapi('SessionsRemindResponse', { description: 'One result per session, in the order asked.' });
export type SessionsRemindResponse = z.output<typeof SessionsRemindResponseSchema>;
