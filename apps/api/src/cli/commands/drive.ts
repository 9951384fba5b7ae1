import fs from 'node:fs';
import path from 'node:path';
import { connectGoogleDrive, disconnectDrive, localDrive } from '@countersign/core';
import { byCli } from '../activity.ts';
import { accountCommand, CliError, type Command, optional, required } from '../command.ts';

export const drivePut = accountCommand({
  usage: 'pnpm cli drive put --account ID FILE...',
  async run(args, runtime, accountId) {
    if (args.positionals.length === 0) throw new CliError(`give at least one FILE\nusage: ${this.usage}`);
    const drive = await localDrive(runtime.ctx, accountId);
    const out = [];
    for (const file of args.positionals) {
      let bytes: Uint8Array;
      try {
        bytes = fs.readFileSync(file);
      } catch (err) {
        throw new CliError(
          `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        );
      }
      out.push(await drive.put(path.basename(file), bytes));
    }
    return out;
  },
});

export const driveList = accountCommand({
  usage: 'pnpm cli drive list --account ID',
  async run(_args, runtime, accountId) {
    const files = await (await localDrive(runtime.ctx, accountId)).list();
    return files.map((f) => ({
      cloudFileId: f.id,
      filename: f.filename,
      size: f.size,
      mimeType: f.mimeType,
    }));
  },
});

export const driveRemove: Command = {
  usage: 'pnpm cli drive remove --account ID --file-id ID',
  options: { account: { type: 'string' }, 'file-id': { type: 'string' } },
  async run(args, runtime) {
    const fileId = required(args, 'file-id', this.usage);
    const removed = await (await localDrive(runtime.ctx, required(args, 'account', this.usage))).remove(
      fileId,
    );
    if (!removed) throw new CliError(`no file ${fileId} in this account's drive`);
    return { cloudFileId: fileId, removed: true };
  },
};

export const driveConnect = accountCommand({
  usage:
    'pnpm cli drive connect --account ID --provider gdrive (--client-id ID --client-secret S --refresh-token T | --access-token T)\n' +
    '  pnpm cli drive connect --account ID --provider local',
  options: {
    provider: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'refresh-token': { type: 'string' },
    'access-token': { type: 'string' },
  },
  async run(args, runtime, accountId) {
    const provider = required(args, 'provider', this.usage);
    if (provider === 'local') {
      return await byCli(
        runtime,
        accountId,
        () => disconnectDrive(runtime.ctx, accountId),
        () => ({ action: 'drive.disconnected' }),
      );
    }
    if (provider !== 'gdrive') throw new CliError(`--provider must be local or gdrive\nusage: ${this.usage}`);
    const accessToken = optional(args, 'access-token');
    const credentials = accessToken
      ? { accessToken }
      : {
          clientId: required(args, 'client-id', this.usage),
          clientSecret: required(args, 'client-secret', this.usage),
          refreshToken: required(args, 'refresh-token', this.usage),
        };
    return await byCli(
      runtime,
      accountId,
      () => connectGoogleDrive(runtime.ctx, accountId, credentials),
      () => ({ action: 'drive.connected', details: { provider: 'gdrive', account: null } }),
    );
  },
});
