import { z } from '@hono/zod-openapi';
import { textString } from './common.ts';

// GET /api/sends/progress: how far a send made with an Idempotency-Key has got (an extension: the web app's
// progress bar for a bulk send of thousands of entries).

export const SendProgressQuerySchema = z.strictObject({
  idempotencyKey: textString(255).min(1).openapi({
    description: 'The `Idempotency-Key` the send was made with (in the same mode, test or live).',
  }),
});

export const SendProgressSchema = z
  .object({
    state: z.enum(['running', 'done']).openapi({
      description:
        '`running` until the send has its final answer, then `done` (the answer itself is replayed by repeating the send with the same key).',
    }),
    created: z.int().openapi({
      description: 'Sessions committed so far. A send commits them 50 entries at a time, in entry order.',
    }),
  })
  .openapi('SendProgress');
export type SendProgress = z.output<typeof SendProgressSchema>;
