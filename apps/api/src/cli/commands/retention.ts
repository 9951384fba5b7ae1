import {
  accountView,
  changedValues,
  cliActor,
  getSessionDetail,
  purgeSession,
  recordActivity,
  requestPurge,
  retentionPreview,
  setLegalHold,
  updateAccountSettings,
} from '@countersign/core';
import { RETENTION_DAYS_MAX } from '@countersign/schemas';
import { byCli } from '../activity.ts';
import { accountCommand, CliError, type Command, optional, required } from '../command.ts';

// The records lifecycle from the operator's side (docs/evidence.md "Retention and purging"): the same rules as
// the API (PATCH /api/account, PUT/DELETE .../legal-hold, DELETE /api/sessions/{id}), scoped to --account.

export const accountsSetRetention = accountCommand({
  usage: 'pnpm cli accounts set-retention --account ID (--days N | --keep)',
  options: { days: { type: 'string' }, keep: { type: 'boolean' } },
  async run(args, runtime, accountId) {
    const days = optional(args, 'days');
    if ((days === undefined) === (args.values.keep !== true))
      throw new CliError(`give either --days N or --keep\nusage: ${this.usage}`);
    const retentionDays = days === undefined ? null : Number(days);
    if (
      retentionDays !== null &&
      !(Number.isInteger(retentionDays) && retentionDays >= 1 && retentionDays <= RETENTION_DAYS_MAX)
    )
      throw new CliError(`--days must be a whole number of days from 1 to ${RETENTION_DAYS_MAX}`);
    const before = await accountView(runtime.ctx, accountId);
    const { retentionDays: set } = await byCli(
      runtime,
      accountId,
      () => updateAccountSettings(runtime.ctx, accountId, { retentionDays }),
      (after) => {
        const details = changedValues(before, after, ['retentionDays']);
        return details && { action: 'account.changed', details };
      },
    );
    return { accountId, retentionDays: set };
  },
});

const SESSION_OPTIONS = { session: { type: 'string' } } as const;

/** `sessions hold` and `sessions release`: the PUT and DELETE of the API's legal-hold route. */
const legalHoldCommand = (verb: 'hold' | 'release') =>
  accountCommand({
    usage: `pnpm cli sessions ${verb} --account ID --session ID`,
    options: SESSION_OPTIONS,
    async run(args, runtime, accountId) {
      const sessionId = required(args, 'session', this.usage);
      return await byCli(
        runtime,
        accountId,
        () => setLegalHold(runtime.ctx, accountId, sessionId, verb === 'hold'),
        () => ({
          action: verb === 'hold' ? 'session.legal_hold_set' : 'session.legal_hold_released',
          target: { kind: 'session', id: sessionId },
        }),
      );
    },
  });

export const sessionsHold = legalHoldCommand('hold');
export const sessionsRelease = legalHoldCommand('release');

export const sessionsPurge = accountCommand({
  usage: 'pnpm cli sessions purge --account ID --session ID',
  options: SESSION_OPTIONS,
  async run(args, runtime, accountId) {
    const sessionId = required(args, 'session', this.usage);
    await requestPurge(runtime.ctx, accountId, sessionId, () =>
      recordActivity(
        runtime.ctx,
        accountId,
        cliActor,
        'session.purged',
        { kind: 'session', id: sessionId },
        null,
      ),
    );
    // Carried out here and now (the same durable steps as the job; a crash midway is finished by a sweep).
    await purgeSession(runtime.ctx, sessionId);
    const { purge } = await getSessionDetail(runtime.ctx, accountId, sessionId);
    return { sessionId, purge };
  },
});

export const sessionsRetentionDue: Command = {
  usage: 'pnpm cli sessions retention-due [--account ID] [--at ISO-8601]',
  options: { account: { type: 'string' }, at: { type: 'string' } },
  async run(args, runtime) {
    const accountId = optional(args, 'account');
    const at = optional(args, 'at');
    const when = at === undefined ? runtime.ctx.clock.now() : Date.parse(at);
    if (Number.isNaN(when)) throw new CliError(`--at must be a date and time, e.g. 2027-01-31T00:00:00Z`);
    if (accountId !== undefined) await accountView(runtime.ctx, accountId);
    return {
      at: new Date(when).toISOString(),
      sessions: await retentionPreview(runtime.ctx, when, accountId),
    };
  },
};
