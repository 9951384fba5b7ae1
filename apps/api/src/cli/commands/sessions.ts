import {
  allowCompletionRetry,
  CompletionFailedError,
  completeSession,
  purgeTestSessions,
} from '@countersign/core';
import { byCli } from '../activity.ts';
import { accountCommand, CliError, type Command, optional, required } from '../command.ts';

export const sessionsRetryCompletion: Command = {
  usage: 'pnpm cli sessions retry-completion --session ID [--account ID]',
  options: { session: { type: 'string' }, account: { type: 'string' } },
  async run(args, runtime) {
    const sessionId = required(args, 'session', this.usage);
    if (!(await allowCompletionRetry(runtime.ctx, optional(args, 'account') ?? null, sessionId))) {
      throw new CliError(
        `session ${sessionId}: nothing to retry (not found, or its completion has not failed)`,
      );
    }
    // Attempted here and now; if it fails again the session is back on the automatic back-off from attempt 1.
    try {
      const { completed } = await completeSession(runtime.ctx, sessionId);
      return { sessionId, completed };
    } catch (err) {
      if (err instanceof CompletionFailedError) throw new CliError(err.message);
      throw err;
    }
  },
};

export const sessionsPurgeTest = accountCommand({
  usage: 'pnpm cli sessions purge-test --account ID',
  async run(_args, runtime, accountId) {
    return await byCli(
      runtime,
      accountId,
      () => purgeTestSessions(runtime.ctx, accountId),
      (result) => ({ action: 'session.test_purged', details: result }),
    );
  },
});
