import path from 'node:path';
import type { Config } from '@countersign/config';

/** Where things live under DATA_DIR (docs/evidence.md "Files at rest"). */
export const databaseFile = (config: Config): string => path.join(config.dataDir, 'countersign.db');
export const devMailboxDir = (config: Config): string => path.join(config.dataDir, 'mailbox');
