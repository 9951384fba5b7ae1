import { devMailboxDir } from '@countersign/core';
import { createDevMailbox } from '@countersign/mail';
import { type Command, optional } from '../command.ts';

export const mailList: Command = {
  usage: 'pnpm cli mail list [--to EMAIL]',
  options: { to: { type: 'string' } },
  async run(args, runtime) {
    const to = optional(args, 'to');
    return createDevMailbox(devMailboxDir(runtime.ctx.config)).list(to ? { to } : {});
  },
};
