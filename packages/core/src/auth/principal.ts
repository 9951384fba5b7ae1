import { type Scope, scopesOfRole } from '@countersign/schemas/scopes';
import type { RefreshTokenGrant, TokenCreator } from '../accounts/refresh-tokens.ts';
import type { MemberIdentity } from '../members/member-sessions.ts';
import type { BearerIdentity } from './access-tokens.ts';

/**
 * Whoever calls the account API (docs/permissions.md): a member signed in with the web app's cookie, or a
 * bearer token. Both carry the scopes they hold now; only tokens can be in test mode.
 */
export type Principal =
  | { kind: 'member'; accountId: string; member: MemberIdentity; scopes: readonly Scope[]; test: false }
  | {
      kind: 'token';
      accountId: string;
      tokenId: string;
      label: string | null;
      hint: string;
      creator: TokenCreator;
      scopes: readonly Scope[];
      test: boolean;
    };

export const memberPrincipal = (member: MemberIdentity): Principal => ({
  kind: 'member',
  accountId: member.accountId,
  member,
  scopes: scopesOfRole(member.role),
  test: false,
});

/** Built once per bearer request, in one literal: this object is on the path of every integration call. */
export const tokenPrincipal = (bearer: BearerIdentity, grant: RefreshTokenGrant): Principal => ({
  kind: 'token',
  accountId: bearer.accountId,
  tokenId: bearer.refreshTokenId,
  label: grant.label,
  hint: grant.hint,
  creator: grant.creator,
  scopes: grant.scopes,
  test: bearer.test,
});

export const holds = (principal: Principal, scope: Scope): boolean => principal.scopes.includes(scope);

/** Who a token made by this principal is made by: the member, or whoever made the principal's own token. */
export const creatorFor = (principal: Principal): TokenCreator =>
  principal.kind === 'member' ? { kind: 'member', memberId: principal.member.memberId } : principal.creator;

/**
 * The tokens this principal may see and revoke: every token of the account with `account:admin`, otherwise
 * those made by the same creator (a member's own).
 */
export const tokensVisibleTo = (principal: Principal): TokenCreator | undefined =>
  holds(principal, 'account:admin') ? undefined : creatorFor(principal);
