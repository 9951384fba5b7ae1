import { DomainError, type MemberIdentity } from '@countersign/core';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { errorResponseFor } from './openapi.ts';

/**
 * Owner-only actions (members, account settings): a member who is not an owner is refused; a bearer token
 * acts for the whole account, as the integrator who holds it does.
 */
export function requireOwner(c: Context<AppEnv>): void {
  const member = c.get('member');
  if (member && member.role !== 'owner')
    throw new DomainError('forbidden', 'only an owner of the account may do this');
}

/** The 403 of the routes that call `requireOwner` (the cookie's CSRF checks answer it too). */
export const ownerOnlyResponse = errorResponseFor(
  '`forbidden`: only an owner may do this (or a CSRF/origin check failed).',
);

/** Routes about the signed-in person themselves (their sessions, passkeys, sign-out) need the cookie session. */
export function requireMember(c: Context<AppEnv>): MemberIdentity {
  const member = c.get('member');
  if (!member) {
    throw new DomainError(
      'forbidden',
      'this route is for a signed-in member (web app session cookie), not a bearer token',
    );
  }
  return member;
}
