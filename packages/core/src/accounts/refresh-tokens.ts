import { members, preparedQuery, refreshTokens } from '@countersign/db';
import { scopes as allScopes, normalizeScopes, type Scope } from '@countersign/schemas/scopes';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId, newSecret, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { getAccount } from './accounts.ts';

/** 256 random bits behind a recognisable prefix (secret scanners can match `csrt_`). */
const PREFIX = 'csrt_';

/**
 * Who made a token: a member (in the web app, or with a token of theirs), the operator's CLI, or nobody
 * recorded (tokens made before creators were; they act as an owner's).
 */
export type TokenCreator = { kind: 'member'; memberId: string } | { kind: 'cli' } | { kind: 'unrecorded' };

/** Scopes as stored: separated by spaces, in `scopes` order. */
export const formatScopes = (list: Iterable<Scope>): string => normalizeScopes(list).join(' ');
export const parseScopes = (stored: string): Scope[] =>
  normalizeScopes(stored.split(' ').filter((s): s is Scope => (allScopes as readonly string[]).includes(s)));

/**
 * `parseScopes` for the stored strings every authenticated request reads: an account has a handful of
 * distinct ones (a scope set per kind of token), so each is parsed once into a frozen list that requests share.
 */
const parsedScopes = new Map<string, readonly Scope[]>();
const PARSED_SCOPES_KEPT = 512;
export function scopesOf(stored: string): readonly Scope[] {
  let list = parsedScopes.get(stored);
  if (list === undefined) {
    if (parsedScopes.size >= PARSED_SCOPES_KEPT) parsedScopes.clear();
    list = Object.freeze(parseScopes(stored));
    parsedScopes.set(stored, list);
  }
  return list;
}

/**
 * `test`: a test token, whose sends are test sessions (docs/test-mode.md). `scopes`: what it may do (default
 * every scope, for the CLI); `creator`: who made it (default the CLI).
 */
export async function createRefreshToken(
  ctx: ServiceContext,
  accountId: string,
  label?: string,
  options: { test?: boolean; scopes?: readonly Scope[]; creator?: TokenCreator } = {},
) {
  await getAccount(ctx, accountId);
  const refreshToken = newSecret(PREFIX);
  const tokenId = newId();
  const creator = options.creator ?? { kind: 'cli' };
  const scopes = normalizeScopes(options.scopes ?? allScopes);
  await ctx.db.insert(refreshTokens).values({
    id: tokenId,
    accountId,
    label: label ?? null,
    tokenHash: sha256Hex(refreshToken),
    hint: refreshToken.slice(0, PREFIX.length + 4),
    createdAt: ctx.clock.now(),
    test: options.test ?? false,
    scopes: formatScopes(scopes),
    createdBy: creator.kind,
    createdByMemberId: creator.kind === 'member' ? creator.memberId : null,
  });
  return { tokenId, refreshToken, test: options.test ?? false, scopes };
}

/** The tokens made by `creator` (all of the account's when undefined). */
const madeBy = (creator: TokenCreator | undefined): SQL | undefined =>
  creator === undefined
    ? undefined
    : creator.kind === 'member'
      ? eq(refreshTokens.createdByMemberId, creator.memberId)
      : eq(refreshTokens.createdBy, creator.kind);

/** The account's tokens, newest first, with their creators; `creator` keeps only the tokens they made. */
export async function listRefreshTokens(ctx: ServiceContext, accountId: string, creator?: TokenCreator) {
  await getAccount(ctx, accountId);
  const rows = await ctx.db
    .select({
      tokenId: refreshTokens.id,
      label: refreshTokens.label,
      hint: refreshTokens.hint,
      createdAt: refreshTokens.createdAt,
      lastUsedAt: refreshTokens.lastUsedAt,
      revokedAt: refreshTokens.revokedAt,
      test: refreshTokens.test,
      scopes: refreshTokens.scopes,
      createdBy: refreshTokens.createdBy,
      createdByMemberId: refreshTokens.createdByMemberId,
      creatorEmail: members.email,
      creatorName: members.name,
    })
    .from(refreshTokens)
    .leftJoin(members, eq(members.id, refreshTokens.createdByMemberId))
    .where(and(eq(refreshTokens.accountId, accountId), madeBy(creator)))
    .orderBy(desc(refreshTokens.createdAt));
  return rows.map((row) => ({ ...row, scopes: parseScopes(row.scopes) }));
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** A listed token as GET /api/tokens and `pnpm cli tokens list` show it: ISO times, its creator as one object. */
export const refreshTokenView = (t: Awaited<ReturnType<typeof listRefreshTokens>>[number]) => ({
  tokenId: t.tokenId,
  label: t.label,
  hint: t.hint,
  createdAt: iso(t.createdAt)!,
  lastUsedAt: iso(t.lastUsedAt),
  test: t.test,
  scopes: t.scopes,
  createdBy: { kind: t.createdBy, memberId: t.createdByMemberId, email: t.creatorEmail, name: t.creatorName },
});

/**
 * Revoking is immediate: access tokens minted from this refresh token stop working too. `creator` limits it
 * to the tokens they made (another's token is not found).
 */
export async function revokeRefreshToken(
  ctx: ServiceContext,
  accountId: string,
  tokenId: string,
  creator?: TokenCreator,
): Promise<void> {
  const ofCaller = and(
    eq(refreshTokens.id, tokenId),
    eq(refreshTokens.accountId, accountId),
    madeBy(creator),
  );
  const result = await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(ofCaller, isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (result.length === 0) {
    const exists = (
      await ctx.db.select({ id: refreshTokens.id }).from(refreshTokens).where(ofCaller).limit(1)
    )[0];
    if (!exists) throw new DomainError('refresh_token_not_found', `refresh token ${tokenId} not found`);
  }
}

/** A removed member's tokens end with them (call it in the removal's transaction). */
export async function revokeTokensOfMember(ctx: ServiceContext, memberId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(refreshTokens.createdByMemberId, memberId), isNull(refreshTokens.revokedAt)));
}

/** A member's tokens keep only the scopes of their new role (call it in the role change's transaction). */
export async function narrowTokensOfMember(
  ctx: ServiceContext,
  memberId: string,
  allowed: readonly Scope[],
): Promise<void> {
  const rows = await ctx.db
    .select({ id: refreshTokens.id, scopes: refreshTokens.scopes })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.createdByMemberId, memberId), isNull(refreshTokens.revokedAt)));
  for (const row of rows) {
    const narrowed = formatScopes(parseScopes(row.scopes).filter((s) => allowed.includes(s)));
    if (narrowed !== row.scopes) {
      await ctx.db.update(refreshTokens).set({ scopes: narrowed }).where(eq(refreshTokens.id, row.id));
    }
  }
}

/** Looks a presented token up by its hash: the index lookup reveals nothing about the secret's bytes. */
export async function findActiveRefreshToken(ctx: ServiceContext, presented: string) {
  const row = (
    await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(presented)))
      .limit(1)
  )[0];
  return row && row.revokedAt === null ? row : undefined;
}

/** Asked on every authenticated request: the token's standing and what it may do now. */
const refreshTokenState = preparedQuery((db) =>
  db
    .select({
      revokedAt: refreshTokens.revokedAt,
      scopes: refreshTokens.scopes,
      label: refreshTokens.label,
      hint: refreshTokens.hint,
      createdBy: refreshTokens.createdBy,
      createdByMemberId: refreshTokens.createdByMemberId,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.id, sql.placeholder('tokenId')),
        eq(refreshTokens.accountId, sql.placeholder('accountId')),
      ),
    )
    .prepare(),
);

/** What an unrevoked token may do now (a demotion of its creator narrows it at once), or undefined. */
export interface RefreshTokenGrant {
  scopes: readonly Scope[];
  label: string | null;
  hint: string;
  creator: TokenCreator;
}

export async function activeRefreshTokenGrant(
  ctx: ServiceContext,
  accountId: string,
  tokenId: string,
): Promise<RefreshTokenGrant | undefined> {
  const row = (await refreshTokenState(ctx.db).execute({ tokenId, accountId }))[0];
  if (row === undefined || row.revokedAt !== null) return undefined;
  return {
    scopes: scopesOf(row.scopes),
    label: row.label,
    hint: row.hint,
    creator: creatorOf(row),
  };
}

export const creatorOf = (row: {
  createdBy: 'member' | 'cli' | 'unrecorded';
  createdByMemberId: string | null;
}): TokenCreator =>
  row.createdBy === 'member' && row.createdByMemberId !== null
    ? { kind: 'member', memberId: row.createdByMemberId }
    : { kind: row.createdBy === 'member' ? 'unrecorded' : row.createdBy };

export async function touchRefreshToken(ctx: ServiceContext, tokenId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ lastUsedAt: ctx.clock.now() })
    .where(eq(refreshTokens.id, tokenId));
}
