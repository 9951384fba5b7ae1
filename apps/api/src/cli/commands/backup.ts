import { createBackup, restoreBackup } from '@countersign/core';
import { type RuntimeCommand, required, type StandaloneCommand } from '../command.ts';

export const backup: RuntimeCommand = {
  usage: 'pnpm cli backup --to FILE',
  options: { to: { type: 'string' } },
  run(args, runtime) {
    return createBackup(runtime.ctx, required(args, 'to', this.usage));
  },
};

export const restore: StandaloneCommand = {
  usage: 'pnpm cli restore --from FILE --data-dir DIR',
  options: { from: { type: 'string' }, 'data-dir': { type: 'string' } },
  standalone(args) {
    return restoreBackup(required(args, 'from', this.usage), required(args, 'data-dir', this.usage));
  },
};
