import type { Config } from '@countersign/config';
import type { Db } from '@countersign/db';
import { createFileMailbox, type DevMailbox } from '@countersign/mail';
import { devMailboxDir } from '../support/data-paths.ts';
import { createDatabaseMailbox } from './database-mailbox.ts';

/**
 * The dev mailbox of a deployment: in the database on PostgreSQL, where several hosts share it and none keeps
 * mail of its own; files under DATA_DIR/mailbox on SQLite, where every process is on one host.
 */
export const devMailbox = (ctx: { db: Db; config: Config }): DevMailbox =>
  ctx.db.$connection.dialect === 'postgres'
    ? createDatabaseMailbox(ctx.db)
    : createFileMailbox(devMailboxDir(ctx.config));
