import { PathIdSchema, SessionErrorResponseSchema } from '@countersign/schemas';
import { z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { errorResponseFor } from '../../http/openapi.ts';
import type { RecordKind } from '../../http/record-route.ts';

/** The path parameter of the routes about one session. */
const sessionIdParams = z.object({ sessionId: PathIdSchema });

/** An error in the session endpoints' own body (spec 4.3 / 4.4 / 7), which may name the cloud file at fault. */
export const sessionError = (description: string) =>
  errorResponseFor(description, { schema: SessionErrorResponseSchema });

/** The routes that read one session of the account, named by `{sessionId}`. */
export const accountSession = {
  access: needs('sessions:read'),
  tags: ['Sessions'],
  params: sessionIdParams,
  notFound: errorResponseFor('No such session for this account.'),
} satisfies RecordKind<typeof sessionIdParams>;

/** The routes that change a session's records (purge, legal hold): their errors in the sessions' own body. */
export const sessionRecords = {
  ...accountSession,
  access: needs('account:admin'),
  notFound: sessionError('No such session for this account.'),
} satisfies RecordKind<typeof sessionIdParams>;

/** A session as the activity log names what changed. */
export const sessionTarget = (id: string) => ({ kind: 'session', id });
