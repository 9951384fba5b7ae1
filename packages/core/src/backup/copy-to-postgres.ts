import { isDeepStrictEqual } from 'node:util';
import {
  accounts,
  blobContents,
  blobs,
  CopyError,
  closeDatabase,
  copyRows,
  type Db,
  devMail,
  driveFiles,
  isPostgresUrl,
  openDatabase,
  requireEmpty,
  serviceSecrets,
  type TableCopy,
  verifyCopy,
} from '@countersign/db';
import { createFileMailbox } from '@countersign/mail';
import { asc } from 'drizzle-orm';
import { type BlobStore, sha256Of } from '../blobs/blob-store.ts';
import { DatabaseBlobStore } from '../blobs/database-blob-store.ts';
import { S3BlobStore } from '../blobs/s3-blob-store.ts';
import type { ServiceContext } from '../context.ts';
import { localDrive } from '../drive/drive-service.ts';
import { createDatabaseMailbox, keepDevMail } from '../mail/database-mailbox.ts';
import { DataDirSecrets } from '../secrets/data-dir-secrets.ts';
import { DatabaseSecrets } from '../secrets/database-secrets.ts';
import { GENERATED_KEYS } from '../secrets/service-secrets.ts';
import { DataKey } from '../support/data-key.ts';
import { devMailboxDir } from '../support/data-paths.ts';

export interface CopyReport {
  tables: TableCopy[];
  /** `into`: `database`, or the bucket and prefix (`s3://...`) the S3_* settings name. */
  blobs: { into: string; copied: number; bytes: number; missing: string[] };
  /** The embedded drive's files (DATA_DIR/drive), now rows of `drive_files` with their bytes as blobs. */
  driveFiles: { copied: number; bytes: number };
  /** The dev mailbox's messages (DATA_DIR/mailbox), now rows of `dev_mail`. */
  devMail: { copied: number };
  secrets: string[];
}

/**
 * `pnpm cli db copy --to postgres://...`: the embedded deployment (this runtime's SQLite file, blobs and
 * generated secrets) into a new PostgreSQL database, for the scaled topology (docs/operations.md, "Moving to
 * PostgreSQL"). Blobs go where the new deployment will look for them: the bucket S3_* names, else the
 * database. Refuses a target (database or bucket prefix) that holds anything; reads back every table, blob and
 * secret it wrote and fails on any difference. Secrets are stored encrypted under this process's SECRETS_KEY, which every host
 * of the new deployment must then be started with.
 */
export async function copyToPostgres(ctx: ServiceContext, targetUrl: string): Promise<CopyReport> {
  if (ctx.db.$connection.dialect !== 'sqlite')
    throw new CopyError('db copy reads an embedded deployment: run it without DATABASE_URL');
  if (!isPostgresUrl(targetUrl)) throw new CopyError('--to must be a postgres:// URL');
  if (!ctx.config.secretsKey)
    throw new CopyError(
      'SECRETS_KEY is required: the copied secrets are stored encrypted under it, and every host starts with it',
    );
  const target = await openDatabase(targetUrl);
  try {
    await requireEmpty(target);
    const into = blobStoreOf(ctx, target);
    if (into instanceof S3BlobStore && (await into.bucket.holdsAny()))
      throw new CopyError(
        `the target bucket is not empty: ${into.bucket.where} holds objects (use an empty bucket or another S3_PREFIX)`,
      );
    // Blob bytes, drive files, dev mail and secrets are files here: their stores fill those tables below, each
    // read back.
    const tables = await copyRows(ctx.db, target, [blobContents, driveFiles, devMail, serviceSecrets]);
    await verifyCopy(target, tables);
    const blobs = await copyBlobs(ctx, into);
    const drive = await copyDriveFiles(ctx, target, into);
    const mail = await copyDevMail(ctx, target);
    const secrets = await copySecrets(ctx, target, DataKey.fromPassphrase(ctx.config.secretsKey));
    return { tables, blobs, driveFiles: drive, devMail: mail, secrets };
  } finally {
    await closeDatabase(target);
  }
}

/** The new deployment's blob store, as openBlobStore will pick it there, listing blobs in `target`. */
function blobStoreOf(ctx: ServiceContext, target: Db): BlobStore {
  const on = { db: target, config: ctx.config, clock: ctx.clock };
  return ctx.config.s3 ? new S3BlobStore(on, ctx.config.s3) : new DatabaseBlobStore(on);
}

/** Every listed blob's bytes, checked against its name on both sides. A file already gone is reported. */
async function copyBlobs(ctx: ServiceContext, into: BlobStore): Promise<CopyReport['blobs']> {
  const where = into instanceof S3BlobStore ? into.bucket.where : 'database';
  const report: CopyReport['blobs'] = { into: where, copied: 0, bytes: 0, missing: [] };
  const listed = await ctx.db.select({ sha256: blobs.sha256 }).from(blobs).orderBy(asc(blobs.sha256));
  for (const { sha256 } of listed) {
    // Listed without a file: a purge deleted it and crashed before forgetting the row (its next run will).
    if (!(await ctx.blobs.has(sha256))) {
      report.missing.push(sha256);
      continue;
    }
    const bytes = await ctx.blobs.read(sha256);
    if (sha256Of(bytes) !== sha256)
      throw new CopyError(`blob ${sha256}: the file's content does not match its name`);
    await into.put(bytes, sha256);
    if (sha256Of(await into.read(sha256)) !== sha256) throw new CopyError(`blob ${sha256}: the copy differs`);
    report.copied++;
    report.bytes += bytes.byteLength;
  }
  return report;
}

/** Every account's embedded drive files, same ids and names, each read back and checked against its hash. */
async function copyDriveFiles(
  ctx: ServiceContext,
  target: Db,
  into: BlobStore,
): Promise<CopyReport['driveFiles']> {
  const report: CopyReport['driveFiles'] = { copied: 0, bytes: 0 };
  for (const { id: accountId } of await ctx.db.select({ id: accounts.id }).from(accounts)) {
    const drive = await localDrive(ctx, accountId);
    for (const file of await drive.list()) {
      const bytes = await drive.read(file.id);
      const sha256 = await into.put(bytes);
      if (sha256Of(await into.read(sha256)) !== sha256)
        throw new CopyError(`drive file ${file.id}: the copy differs`);
      await target.insert(driveFiles).values({
        id: file.id,
        accountId,
        filename: file.filename,
        size: file.size,
        mimeType: file.mimeType,
        sha256,
        createdAt: Date.parse(file.createdAt),
      });
      report.copied++;
      report.bytes += bytes.byteLength;
    }
  }
  return report;
}

/** Every message of the dev mailbox, same ids, fields and raw message, each read back. */
async function copyDevMail(ctx: ServiceContext, target: Db): Promise<CopyReport['devMail']> {
  const from = createFileMailbox(devMailboxDir(ctx.config));
  const into = createDatabaseMailbox(target);
  const report: CopyReport['devMail'] = { copied: 0 };
  for (const mail of await from.list()) {
    const eml = await from.eml(mail.id);
    if (eml === null)
      throw new CopyError(`dev mail ${mail.id}: its .eml is missing from ${devMailboxDir(ctx.config)}`);
    await keepDevMail(target, mail, eml);
    const copied = await into.eml(mail.id);
    if (
      !copied ||
      !Buffer.from(copied).equals(Buffer.from(eml)) ||
      !isDeepStrictEqual(await into.read(mail.id), mail)
    )
      throw new CopyError(`dev mail ${mail.id}: the copy differs`);
    report.copied++;
  }
  return report;
}

/** The generated keys and seal certificate of DATA_DIR/secrets, as the database store keeps them. */
async function copySecrets(ctx: ServiceContext, target: Db, key: DataKey): Promise<string[]> {
  const from = new DataDirSecrets(ctx.config.dataDir);
  const into = new DatabaseSecrets(target, key, ctx.clock);
  const copied: string[] = [];
  for (const name of Object.values(GENERATED_KEYS)) {
    const value = from.stored(name);
    if (value === undefined) continue;
    if ((await into.get(name, () => value)) !== value)
      throw new CopyError(`secret ${name}: the copy differs`);
    copied.push(name);
  }
  const seal = from.storedSeal();
  if (seal) {
    const stored = await into.seal(() => seal);
    if (!Buffer.from(stored.p12).equals(Buffer.from(seal.p12)) || stored.passphrase !== seal.passphrase)
      throw new CopyError('the seal certificate: the copy differs');
    copied.push('seal');
  }
  return copied;
}
