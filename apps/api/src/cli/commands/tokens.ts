import { createRefreshToken, listRefreshTokens, revokeRefreshToken } from '@countersign/core';
import { accountCommand, optional, required } from '../command.ts';

export const tokensCreate = accountCommand({
  usage: 'pnpm cli tokens create --account ID [--label LABEL] [--test]',
  options: { label: { type: 'string' }, test: { type: 'boolean' } },
  async run(args, runtime, accountId) {
    const test = args.values.test === true;
    const { refreshToken, tokenId } = await createRefreshToken(
      runtime.ctx,
      accountId,
      optional(args, 'label'),
      {
        test,
      },
    );
    // `test` only when set: the answer for a real token stays as it always was.
    return { refreshToken, tokenId, ...(test ? { test } : {}) };
  },
});

export const tokensList = accountCommand({
  usage: 'pnpm cli tokens list --account ID',
  async run(_args, runtime, accountId) {
    return (await listRefreshTokens(runtime.ctx, accountId)).map((t) => ({
      ...t,
      createdAt: new Date(t.createdAt).toISOString(),
      lastUsedAt: t.lastUsedAt === null ? null : new Date(t.lastUsedAt).toISOString(),
      revokedAt: t.revokedAt === null ? null : new Date(t.revokedAt).toISOString(),
    }));
  },
});

export const tokensRevoke = accountCommand({
  usage: 'pnpm cli tokens revoke --account ID --token-id ID',
  options: { 'token-id': { type: 'string' } },
  async run(args, runtime, accountId) {
    const tokenId = required(args, 'token-id', this.usage);
    await revokeRefreshToken(runtime.ctx, accountId, tokenId);
    return { tokenId, revoked: true };
  },
});
