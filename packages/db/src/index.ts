export { backupDatabase, inspectDatabaseCopy } from './backup.ts';
export { CopyError, copyRows, requireEmpty, type TableCopy, verifyCopy } from './copy.ts';
export { isDatabaseUnavailable, isSerializationConflict, withoutQueryParams } from './errors.ts';
export { forgetDeletedPages, ping } from './maintenance.ts';
export {
  closeDatabase,
  type Db,
  isPostgresUrl,
  migrate,
  type OpenOptions,
  openDatabase,
  type Tx,
} from './open.ts';
export { OUTBOX_CHANNEL } from './outbox-channel.ts';
export { containsText, jsonIsTrue, jsonTextEquals, larger, skippingHeld, writeOrder } from './portable.ts';
export { preparedQuery } from './prepared.ts';
export { RowBatch, rowInserter } from './row-inserter.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export { fold, prefixEnd, TERM_MAX_LENGTH, termsOfNames, wordsOf } from './search-terms.ts';
export type { BusyWaitObserver } from './sqlite/busy.ts';
