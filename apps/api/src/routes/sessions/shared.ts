import { PathIdSchema, SessionErrorResponseSchema } from '@countersign/schemas';
import { z } from '@hono/zod-openapi';
import { errorResponseFor } from '../../http/openapi.ts';

/** The path parameter of the routes about one session. */
export const sessionIdParams = z.object({ sessionId: PathIdSchema });

/** An error in the session endpoints' own body (spec 4.3 / 4.4 / 7), which may name the cloud file at fault. */
export const sessionError = (description: string) =>
  errorResponseFor(description, { schema: SessionErrorResponseSchema });
