import { randomBytes } from 'node:crypto';

// 128 random bits: ids are capabilities inside an account and must not be guessable.
const LOCAL_FILE_ID = /^lf_[0-9a-f]{32}$/;
// Account ids become a directory name: keep them to one safe path segment.
const ACCOUNT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function newLocalFileId(): string {
  return `lf_${randomBytes(16).toString('hex')}`;
}

/** Only well-formed ids ever reach the file system, so `../x` and friends cannot name a path. */
export function isLocalFileId(id: string): boolean {
  return LOCAL_FILE_ID.test(id);
}

export function isValidAccountId(accountId: string): boolean {
  return ACCOUNT_ID.test(accountId);
}

export const ACCOUNT_ID_PATTERN = ACCOUNT_ID;
