import { createAccount, createSignInLink, getAccount, setAllowance } from '@countersign/core';
import { accountName } from '@countersign/schemas';
import { z } from '@hono/zod-openapi';
import { accountCommand, CliError, type Command, optional, required } from '../command.ts';

const USAGE = 'pnpm cli accounts create --name NAME --email EMAIL';

export const accountsCreate: Command = {
  usage: USAGE,
  options: { name: { type: 'string' }, email: { type: 'string' } },
  async run(args, runtime) {
    const name = required(args, 'name', USAGE);
    const email = required(args, 'email', USAGE);
    if (!z.email().safeParse(email).success) throw new CliError(`--email: invalid email: ${email}`);
    const named = accountName().safeParse(name);
    if (!named.success) throw new CliError(`--name: ${named.error.issues[0]?.message}`);
    const created = await createAccount(runtime.ctx, { name, email });
    // The owner's first way into the web app; later ones come by email from the sign-in page.
    const link = await createSignInLink(runtime.ctx, created.ownerMemberId);
    return { ...created, signInUrl: link.url, signInUrlExpiresAt: new Date(link.expiresAt).toISOString() };
  },
};

const PERIOD = /^(\d+)(s|m|h|d)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export const accountsSetAllowance = accountCommand({
  usage: 'pnpm cli accounts set-allowance --account ID --units N [--period 1d]',
  options: { units: { type: 'string' }, period: { type: 'string' } },
  async run(args, runtime, accountId) {
    const units = Number(required(args, 'units', this.usage));
    if (!Number.isInteger(units) || units < 0)
      throw new CliError('--units must be a whole number of units, 0 or more');
    const period = optional(args, 'period') ?? '1d';
    const match = PERIOD.exec(period);
    if (!match || Number(match[1]) === 0) throw new CliError('--period must look like 30s, 15m, 12h or 1d');
    await getAccount(runtime.ctx, accountId);
    const periodMs = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
    return { ...(await setAllowance(runtime.ctx, accountId, units, periodMs)), period };
  },
});
