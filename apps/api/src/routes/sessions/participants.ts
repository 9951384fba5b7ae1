import { participantSigningUrl, resendInvite } from '@countersign/core';
import { PathIdSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { commonErrors, errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { type RecordKind, recordRoute } from '../../http/record-route.ts';

const ParticipantParamsSchema = z.object({ sessionId: PathIdSchema, participantId: PathIdSchema });

/** The routes about one participant of a session of the account. */
const sessionParticipant = {
  access: needs('sessions:send'),
  tags: ['Sessions'],
  params: ParticipantParamsSchema,
  notFound: errorResponseFor('`session_not_found` or `not_found` (no such participant in the session).'),
} satisfies RecordKind<typeof ParticipantParamsSchema>;

export const participantResendRoute = recordRoute(sessionParticipant, {
  method: 'post',
  path: '/api/sessions/{sessionId}/participants/{participantId}/resend',
  summary: "Send a participant's invite again",
  description:
    'The same signing link, by email, while the session is active and it is their turn (also for `notify: ' +
    'false` sessions). At most 3 per participant per hour.',
  responses: {
    202: jsonResponse(
      'Queued.',
      z.object({ sessionId: z.string(), participantId: z.string(), queued: z.literal(true) }),
    ),
    400: errorResponseFor('`invalid_request`: the session is not active, or it is not their turn.'),
    429: commonErrors[429],
  },
});

export const participantLinkRoute = recordRoute(sessionParticipant, {
  method: 'get',
  path: '/api/sessions/{sessionId}/participants/{participantId}/link',
  summary: "A participant's signing link (to hand over yourself, e.g. for `notify: false` sends)",
  responses: { 200: jsonResponse('The link.', z.object({ url: z.string() })) },
});

export function registerSessionParticipants(app: OpenAPIHono<AppEnv>): void {
  app.openapi(participantResendRoute, async (c) => {
    const { sessionId, participantId } = c.req.valid('param');
    const origin = { ip: c.get('clientAddress'), userAgent: c.req.header('user-agent') ?? null };
    return c.json(await resendInvite(...forAccount(c), sessionId, participantId, origin), 202);
  });
  app.openapi(participantLinkRoute, async (c) => {
    const { sessionId, participantId } = c.req.valid('param');
    return c.json(await participantSigningUrl(...forAccount(c), sessionId, participantId), 200);
  });
}
