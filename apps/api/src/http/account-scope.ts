import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * The first two arguments of every account-scoped service call: the runtime context and the caller's account
 * (set by the bearer middleware), so that whatever the handler asks for is looked up in that account only.
 */
export const forAccount = (c: Context<AppEnv>) => [c.get('deps').runtime.ctx, c.get('accountId')] as const;
