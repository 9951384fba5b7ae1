import path from 'node:path';
import { driveConnections } from '@countersign/db';
import {
  createDriveProvider,
  createLocalDrive,
  type DriveProvider,
  gdriveCredentialsSchema,
  isDriveError,
  type LocalDrive,
} from '@countersign/drive';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { getAccount } from '../accounts/accounts.ts';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';
import { createDatabaseDrive } from './database-drive.ts';

const localRoot = (ctx: ServiceContext) => path.join(ctx.config.dataDir, 'drive');
const limits = (ctx: ServiceContext) => ({
  maxBytes: ctx.config.limits.maxFileBytes,
  timeoutMs: ctx.config.drive.timeoutMs,
});

/**
 * The embedded drive of an account (`pnpm cli drive put|list|remove`): files under DATA_DIR/drive, or in the
 * database on PostgreSQL, where several hosts share it and none keeps files of its own.
 */
export async function localDrive(ctx: ServiceContext, accountId: string): Promise<LocalDrive> {
  await getAccount(ctx, accountId);
  return embeddedDrive(ctx, accountId);
}

const embeddedDrive = (ctx: ServiceContext, accountId: string): LocalDrive =>
  ctx.db.$connection.dialect === 'postgres'
    ? createDatabaseDrive(ctx, accountId, limits(ctx))
    : createLocalDrive(localRoot(ctx), accountId, limits(ctx));

/** The drive connected to the account: Google Drive when connected, the embedded drive otherwise. */
export async function driveFor(ctx: ServiceContext, accountId: string): Promise<DriveProvider> {
  const row = (
    await ctx.db.select().from(driveConnections).where(eq(driveConnections.accountId, accountId)).limit(1)
  )[0];
  if (!row || row.provider === 'local') return embeddedDrive(ctx, accountId);
  const credentials = gdriveCredentialsSchema.parse(JSON.parse(ctx.secrets.dataKey.decrypt(row.settings)));
  // Endpoints come from the operator's configuration, never from the account: they decide where tokens go.
  return createDriveProvider(
    {
      provider: 'gdrive',
      credentials,
      baseUrl: ctx.config.drive.gdriveBaseUrl,
      tokenUrl: ctx.config.drive.gdriveTokenUrl,
    },
    limits(ctx),
    { localRoot: localRoot(ctx) },
  );
}

/** Connects Google Drive with the account's OAuth credentials (stored encrypted). */
export async function connectGoogleDrive(
  ctx: ServiceContext,
  accountId: string,
  credentials: z.input<typeof gdriveCredentialsSchema>,
  accountEmail: string | null = null,
) {
  await getAccount(ctx, accountId);
  const parsed = gdriveCredentialsSchema.parse(credentials);
  const settings = ctx.secrets.dataKey.encrypt(JSON.stringify(parsed));
  await ctx.db
    .insert(driveConnections)
    .values({ accountId, provider: 'gdrive', settings, accountEmail, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: driveConnections.accountId,
      set: { provider: 'gdrive', settings, accountEmail, updatedAt: ctx.clock.now() },
    });
  return { accountId, provider: 'gdrive' as const };
}

/** Back to the embedded drive. */
export async function disconnectDrive(ctx: ServiceContext, accountId: string) {
  await getAccount(ctx, accountId);
  await ctx.db.delete(driveConnections).where(eq(driveConnections.accountId, accountId));
  return { accountId, provider: 'local' as const };
}

/** Drive failures in the spec's terms: unknown file 400, drive down 502, both naming the file. */
export function driveErrorToDomain(err: unknown): never {
  if (!isDriveError(err)) throw err;
  const details = { cloudFileId: err.fileId };
  switch (err.code) {
    case 'cloud_file_not_found':
      throw new DomainError(
        'cloud_file_not_found',
        `no file with id ${err.fileId} in the connected drive`,
        details,
      );
    case 'cloud_file_too_large':
      throw new DomainError(
        'cloud_file_too_large',
        `file ${err.fileId} is larger than the file size limit`,
        details,
      );
    case 'cloud_file_not_pdf':
      throw new DomainError(
        'cloud_file_not_pdf',
        `file ${err.fileId} is not a PDF (export it as PDF first)`,
        details,
      );
    default:
      throw new DomainError(
        'drive_unavailable',
        `the connected drive could not be read (${err.message})`,
        details,
      );
  }
}
