import { devMailbox } from '@countersign/core';
import { type Command, optional } from '../command.ts';

export const mailList: Command = {
  usage: 'pnpm cli mail list [--to EMAIL]',
  options: { to: { type: 'string' } },
  async run(args, runtime) {
    const to = optional(args, 'to');
    return devMailbox(runtime.ctx).list(to ? { to } : {});
  },
};
