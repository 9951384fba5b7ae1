import { preparedQuery, refreshTokens } from '@countersign/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId, newSecret, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { getAccount } from './accounts.ts';

/** 256 random bits behind a recognisable prefix (secret scanners can match `csrt_`). */
const PREFIX = 'csrt_';

/** `test`: a test token, whose sends are test sessions (docs/test-mode.md). */
export async function createRefreshToken(
  ctx: ServiceContext,
  accountId: string,
  label?: string,
  options: { test?: boolean } = {},
) {
  await getAccount(ctx, accountId);
  const refreshToken = newSecret(PREFIX);
  const tokenId = newId();
  await ctx.db.insert(refreshTokens).values({
    id: tokenId,
    accountId,
    label: label ?? null,
    tokenHash: sha256Hex(refreshToken),
    hint: refreshToken.slice(0, PREFIX.length + 4),
    createdAt: ctx.clock.now(),
    test: options.test ?? false,
  });
  return { tokenId, refreshToken, test: options.test ?? false };
}

export async function listRefreshTokens(ctx: ServiceContext, accountId: string) {
  await getAccount(ctx, accountId);
  return await ctx.db
    .select({
      tokenId: refreshTokens.id,
      label: refreshTokens.label,
      hint: refreshTokens.hint,
      createdAt: refreshTokens.createdAt,
      lastUsedAt: refreshTokens.lastUsedAt,
      revokedAt: refreshTokens.revokedAt,
      test: refreshTokens.test,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.accountId, accountId))
    .orderBy(desc(refreshTokens.createdAt));
}

/** Revoking is immediate: access tokens minted from this refresh token stop working too. */
export async function revokeRefreshToken(
  ctx: ServiceContext,
  accountId: string,
  tokenId: string,
): Promise<void> {
  const result = await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(refreshTokens.id, tokenId),
        eq(refreshTokens.accountId, accountId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  if (result.length === 0) {
    const exists = (
      await ctx.db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.id, tokenId), eq(refreshTokens.accountId, accountId)))
        .limit(1)
    )[0];
    if (!exists) throw new DomainError('refresh_token_not_found', `refresh token ${tokenId} not found`);
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

/** Asked on every authenticated request. */
const refreshTokenState = preparedQuery((db) =>
  db
    .select({ revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.id, sql.placeholder('tokenId')),
        eq(refreshTokens.accountId, sql.placeholder('accountId')),
      ),
    )
    .prepare(),
);

export async function isRefreshTokenActive(
  ctx: ServiceContext,
  accountId: string,
  tokenId: string,
): Promise<boolean> {
  const row = (await refreshTokenState(ctx.db).execute({ tokenId, accountId }))[0];
  return row !== undefined && row.revokedAt === null;
}

export async function touchRefreshToken(ctx: ServiceContext, tokenId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ lastUsedAt: ctx.clock.now() })
    .where(eq(refreshTokens.id, tokenId));
}
