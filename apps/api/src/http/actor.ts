import { type ActivityActor, type ActivityEntry, principalActor, withActivity } from '@countersign/core';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** The longest user agent kept (audit events, the activity log): enough to tell browsers and clients apart. */
const USER_AGENT_MAX = 512;

/** Where a request came from, as audit events and the activity log record it. */
export const requestOrigin = (c: Context<AppEnv>) => ({
  ip: c.get('clientAddress'),
  userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
});

/** The caller as the activity log names it: the member or token, its address and user agent. */
export const actorOf = (c: Context<AppEnv>): ActivityActor =>
  principalActor(c.get('principal'), requestOrigin(c));

/**
 * `withActivity` for the caller's account, the caller acting: `change` (database work only) and its entry in
 * the activity log commit together.
 */
export const recorded = <T>(
  c: Context<AppEnv>,
  change: () => Promise<T>,
  entry: (result: T) => ActivityEntry | null,
): Promise<T> => withActivity(c.get('deps').runtime.ctx, c.get('accountId'), actorOf(c), change, entry);
