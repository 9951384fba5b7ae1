import { outbox } from '@countersign/db';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApi } from './harness.ts';

/** How many emails the outbox holds for `email` (sent or not): the payload's JSON text names the address. */
export const queuedEmailsTo = (api: TestApi, email: string): Promise<number> =>
  api.runtime.ctx.db.$count(
    outbox,
    and(eq(outbox.kind, 'email'), sql`${outbox.payload} like ${`%${email}%`}`),
  );
