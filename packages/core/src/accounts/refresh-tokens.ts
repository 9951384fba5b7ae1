import { preparedQuery, refreshTokens } from '@countersign/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId, newSecret, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { getAccount } from './accounts.ts';

/** 256 random bits behind a recognisable prefix (secret scanners can match `csrt_`). */
const PREFIX = 'csrt_';

/** `test`: a test token, whose sends are test sessions (docs/test-mode.md). */
export function createRefreshToken(
  ctx: ServiceContext,
  accountId: string,
  label?: string,
  options: { test?: boolean } = {},
) {
  getAccount(ctx, accountId);
  const refreshToken = newSecret(PREFIX);
  const tokenId = newId();
  ctx.db
    .insert(refreshTokens)
    .values({
      id: tokenId,
      accountId,
      label: label ?? null,
      tokenHash: sha256Hex(refreshToken),
      hint: refreshToken.slice(0, PREFIX.length + 4),
      createdAt: ctx.clock.now(),
      test: options.test ?? false,
    })
    .run();
  return { tokenId, refreshToken, test: options.test ?? false };
}

export function listRefreshTokens(ctx: ServiceContext, accountId: string) {
  getAccount(ctx, accountId);
  return ctx.db
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
    .orderBy(desc(refreshTokens.createdAt))
    .all();
}

/** Revoking is immediate: access tokens minted from this refresh token stop working too. */
export function revokeRefreshToken(ctx: ServiceContext, accountId: string, tokenId: string): void {
  const result = ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(refreshTokens.id, tokenId),
        eq(refreshTokens.accountId, accountId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .run();
  if (result.changes === 0) {
    const exists = ctx.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.id, tokenId), eq(refreshTokens.accountId, accountId)))
      .get();
    if (!exists) throw new DomainError('refresh_token_not_found', `refresh token ${tokenId} not found`);
  }
}

/** Looks a presented token up by its hash: the index lookup reveals nothing about the secret's bytes. */
export function findActiveRefreshToken(ctx: ServiceContext, presented: string) {
  const row = ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)))
    .get();
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

export function isRefreshTokenActive(ctx: ServiceContext, accountId: string, tokenId: string): boolean {
  const row = refreshTokenState(ctx.db).get({ tokenId, accountId });
  return row !== undefined && row.revokedAt === null;
}

export function touchRefreshToken(ctx: ServiceContext, tokenId: string): void {
  ctx.db
    .update(refreshTokens)
    .set({ lastUsedAt: ctx.clock.now() })
    .where(eq(refreshTokens.id, tokenId))
    .run();
}
