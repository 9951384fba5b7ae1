import { deleteSsoConnection, disableRequiredSso, getAccount } from '@countersign/core';
import { accountCommand, CliError } from '../command.ts';

/**
 * The operator's recovery path when an account's identity provider fails and "require single sign-on" keeps its
 * members out (owners keep emailed links and passkeys; this is for an account whose owners cannot sign in
 * either). `--delete` removes the connection altogether.
 */
export const ssoDisable = accountCommand({
  usage: 'pnpm cli sso disable --account ID [--delete]',
  options: { delete: { type: 'boolean' } },
  async run(args, runtime, accountId) {
    await getAccount(runtime.ctx, accountId);
    if (args.values.delete === true) {
      await deleteSsoConnection(runtime.ctx, accountId);
      return { accountId, deleted: true };
    }
    if (!(await disableRequiredSso(runtime.ctx, accountId))) {
      throw new CliError(`account ${accountId} has no single sign-on connection`);
    }
    return { accountId, requireSso: false };
  },
});
