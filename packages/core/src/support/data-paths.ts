import path from 'node:path';
import type { Config } from '@countersign/config';

/** Where things live under DATA_DIR (docs/evidence.md "Files at rest"). */
export const databaseFile = (config: Config): string => path.join(config.dataDir, 'countersign.db');
/** What openDatabase opens: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. */
export const databaseLocation = (config: Config): string => config.databaseUrl ?? databaseFile(config);
export const devMailboxDir = (config: Config): string => path.join(config.dataDir, 'mailbox');
