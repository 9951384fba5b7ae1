import {
  createRefreshToken,
  listRefreshTokens,
  refreshTokenView,
  revokeRefreshToken,
  tokenCreatedEntry,
} from '@countersign/core';
import { isScope, type Scope, scopes } from '@countersign/schemas/scopes';
import { byCli } from '../activity.ts';
import { accountCommand, CliError, type CommandArgs, optional, required } from '../command.ts';

const CREATE_USAGE =
  'pnpm cli tokens create --account ID [--label LABEL] [--test] [--scope SCOPE]... (default: every scope)';

/** `--scope` as given (repeatable), each a known scope; none given: every scope. */
function scopesOf(args: CommandArgs): Scope[] {
  const given = args.values.scope;
  const list = (Array.isArray(given) ? given : given === undefined ? [] : [given]).map(String);
  const unknown = list.find((s) => !isScope(s));
  if (unknown !== undefined) {
    throw new CliError(
      `--scope: unknown scope ${unknown}; valid: ${scopes.join(', ')}\nusage: ${CREATE_USAGE}`,
    );
  }
  return list.length > 0 ? (list as Scope[]) : [...scopes];
}

export const tokensCreate = accountCommand({
  usage: CREATE_USAGE,
  options: {
    label: { type: 'string' },
    test: { type: 'boolean' },
    scope: { type: 'string', multiple: true },
  },
  async run(args, runtime, accountId) {
    const test = args.values.test === true;
    const label = optional(args, 'label');
    const created = await byCli(
      runtime,
      accountId,
      () => createRefreshToken(runtime.ctx, accountId, label, { test, scopes: scopesOf(args) }),
      (t) => tokenCreatedEntry({ ...t, label: label ?? null }),
    );
    // `test` only when set: the answer for a real token stays as it always was.
    return {
      refreshToken: created.refreshToken,
      tokenId: created.tokenId,
      scopes: created.scopes,
      ...(test ? { test } : {}),
    };
  },
});

export const tokensList = accountCommand({
  usage: 'pnpm cli tokens list --account ID',
  async run(_args, runtime, accountId) {
    return (await listRefreshTokens(runtime.ctx, accountId)).map((t) => ({
      ...refreshTokenView(t),
      revokedAt: t.revokedAt === null ? null : new Date(t.revokedAt).toISOString(),
    }));
  },
});

export const tokensRevoke = accountCommand({
  usage: 'pnpm cli tokens revoke --account ID --token-id ID',
  options: { 'token-id': { type: 'string' } },
  async run(args, runtime, accountId) {
    const tokenId = required(args, 'token-id', this.usage);
    await byCli(
      runtime,
      accountId,
      () => revokeRefreshToken(runtime.ctx, accountId, tokenId),
      () => ({ action: 'token.revoked', target: { kind: 'token', id: tokenId } }),
    );
    return { tokenId, revoked: true };
  },
});
