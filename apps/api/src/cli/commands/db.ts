import { copyToPostgres } from '@countersign/core';
import { type RuntimeCommand, required } from '../command.ts';

export const dbCopy: RuntimeCommand = {
  usage:
    'SECRETS_KEY=... [S3_BUCKET=... S3_ACCESS_KEY_ID=... ...] pnpm cli db copy --to postgres://user:pass@host:5432/db',
  options: { to: { type: 'string' } },
  run(args, runtime) {
    return copyToPostgres(runtime.ctx, required(args, 'to', this.usage));
  },
};
