import { z } from '@hono/zod-openapi';
import {
  booleanValue,
  nonEmptyString,
  readableText,
  strictObject,
  textString,
  uuidString,
} from './common.ts';
import { REASON_MAX_LENGTH } from './limits.ts';

// 4.4 POST /api/sessions/cancel

export const SessionsCancelRequestSchema = strictObject({
  sessionId: uuidString().openapi({
    description: 'UUID of the session: a `rows[].sessionId` from `POST /api/sessions/send`.',
  }),
  reason: readableText(nonEmptyString(REASON_MAX_LENGTH), { multiLine: true })
    .optional()
    .openapi({
      description:
        'Recorded on the session and included in the cancellation email when the session was sent with ' +
        '`notify` true.',
    }),
}).openapi('SessionsCancelRequest', {
  description: 'Cancels a signing session and revokes every outstanding signing link.',
  example: {
    sessionId: '9d2b7e40-1c3a-4f6e-8b51-2a7c9e0d4f63',
    reason: 'The candidate accepted another offer.',
  },
});
export type SessionsCancelRequest = z.output<typeof SessionsCancelRequestSchema>;

export const SessionsCancelResponseSchema = strictObject({
  sessionId: textString(),
  cancelled: z.literal(true, { error: 'must be true' }).openapi({ description: 'Always true.' }),
  alreadyCancelled: booleanValue().openapi({
    description: 'True when nothing was left to revoke: cancelled earlier, expired, or a signer declined.',
  }),
}).openapi('SessionsCancelResponse', {
  description: 'The session is cancelled (now or earlier). Repeating the call is safe.',
  example: { sessionId: '9d2b7e40-1c3a-4f6e-8b51-2a7c9e0d4f63', cancelled: true, alreadyCancelled: false },
});
export type SessionsCancelResponse = z.output<typeof SessionsCancelResponseSchema>;
