import { testModeView } from '@countersign/core';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * The first two arguments of every account-scoped service call: the runtime context and the caller's account
 * (set by the auth middleware), so that whatever the handler asks for is looked up in that account only. A
 * test-mode caller gets the context that sees test sessions only.
 */
export const forAccount = (c: Context<AppEnv>) => {
  const ctx = c.get('deps').runtime.ctx;
  return [c.get('testMode') ? testModeView(ctx) : ctx, c.get('accountId')] as const;
};
