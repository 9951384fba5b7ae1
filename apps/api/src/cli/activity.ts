import { type ActivityEntry, cliActor, type Runtime, withActivity } from '@countersign/core';

/**
 * `withActivity` for the command line: the operator's account changes land in the account's activity log as
 * actor `cli`, in the transaction of the change.
 */
export const byCli = <T>(
  runtime: Runtime,
  accountId: string,
  change: () => Promise<T>,
  entry: (result: T) => ActivityEntry | null,
): Promise<T> => withActivity(runtime.ctx, accountId, cliActor, change, entry);
