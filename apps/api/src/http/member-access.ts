import type { MemberIdentity } from '@countersign/core';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * The signed-in member on a route declared `signedInMember`: `authorize` let nobody else through, so a missing
 * member is a route declared wrongly, not a caller's mistake.
 */
export function signedInMemberOf(c: Context<AppEnv>): MemberIdentity {
  const member = c.get('member');
  if (!member) throw new Error(`${c.req.method} ${c.req.path} is not declared for signed-in members only`);
  return member;
}
