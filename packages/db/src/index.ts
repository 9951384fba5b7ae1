export { backupDatabase, inspectDatabaseCopy } from './backup.ts';
export { type Db, migrate, type OpenOptions, openDatabase } from './open.ts';
export { preparedQuery } from './prepared.ts';
export { rowInserter } from './row-inserter.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
