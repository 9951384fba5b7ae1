import { createRefreshToken, listRefreshTokens, revokeRefreshToken } from '@countersign/core';
import { type Command, optional, required } from '../command.ts';

export const tokensCreate: Command = {
  usage: 'pnpm cli tokens create --account ID [--label LABEL] [--test]',
  options: { account: { type: 'string' }, label: { type: 'string' }, test: { type: 'boolean' } },
  async run(args, runtime) {
    const accountId = required(args, 'account', this.usage);
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
};

export const tokensList: Command = {
  usage: 'pnpm cli tokens list --account ID',
  options: { account: { type: 'string' } },
  async run(args, runtime) {
    return (await listRefreshTokens(runtime.ctx, required(args, 'account', this.usage))).map((t) => ({
      ...t,
      createdAt: new Date(t.createdAt).toISOString(),
      lastUsedAt: t.lastUsedAt === null ? null : new Date(t.lastUsedAt).toISOString(),
      revokedAt: t.revokedAt === null ? null : new Date(t.revokedAt).toISOString(),
    }));
  },
};

export const tokensRevoke: Command = {
  usage: 'pnpm cli tokens revoke --account ID --token-id ID',
  options: { account: { type: 'string' }, 'token-id': { type: 'string' } },
  async run(args, runtime) {
    const accountId = required(args, 'account', this.usage);
    const tokenId = required(args, 'token-id', this.usage);
    await revokeRefreshToken(runtime.ctx, accountId, tokenId);
    return { tokenId, revoked: true };
  },
};
