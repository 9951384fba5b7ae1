import {
  type DriveError,
  DriveFileNotFoundError,
  DriveFileNotPdfError,
  DriveUnavailableError,
} from '../errors.ts';

// 403 reasons that say "not now" or "not with these credentials" rather than "not this file".
// Drive answers rate and quota limits with 403 as well as 429; scope and project problems
// concern every file of the account, so they are the drive's fault, not a missing file.
const UNAVAILABLE_403_REASONS = new Set(
  [
    'rateLimitExceeded',
    'userRateLimitExceeded',
    'dailyLimitExceeded',
    'sharingRateLimitExceeded',
    'quotaExceeded',
    'downloadQuotaExceeded',
    'insufficientPermissions', // token lacks the Drive scope
    'accessNotConfigured', // Drive API not enabled for the OAuth client's project
    'domainPolicy', // the Workspace admin blocked the app
    // google.rpc ErrorInfo reasons / status, newer answers carry these
    'RATE_LIMIT_EXCEEDED',
    'RESOURCE_EXHAUSTED',
    'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
    'SERVICE_DISABLED',
  ].map((r) => r.toLowerCase()),
);

/** Reasons from Google's error JSON: `error.errors[].reason`, `error.details[].reason`, `error.status`. */
export function googleErrorReasons(body: unknown): string[] {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (typeof error !== 'object' || error === null) return [];
  const { errors, details, status } = error as { errors?: unknown; details?: unknown; status?: unknown };
  const reasons: string[] = [];
  for (const list of [errors, details]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const reason = (item as { reason?: unknown } | null)?.reason;
      if (typeof reason === 'string') reasons.push(reason);
    }
  }
  if (typeof status === 'string') reasons.push(status);
  return reasons;
}

/** Maps a non-2xx Drive answer (after the one 401 retry) to what the account should be told. */
export function errorFromDriveAnswer(fileId: string, status: number, body: unknown): DriveError {
  const reasons = googleErrorReasons(body);
  if (status === 404) return new DriveFileNotFoundError(fileId);
  if (status === 403) {
    const limit = reasons.find((r) => UNAVAILABLE_403_REASONS.has(r.toLowerCase()));
    if (limit) return new DriveUnavailableError(fileId, `drive refused the request (${limit})`);
    if (reasons.includes('fileNotDownloadable')) return new DriveFileNotPdfError(fileId, 'Google-native');
    // No access to this file: from the account's view it does not exist.
    return new DriveFileNotFoundError(fileId);
  }
  if (status === 401) return new DriveUnavailableError(fileId, 'drive refused the credentials');
  if (status === 429) return new DriveUnavailableError(fileId, 'drive rate limit reached');
  if (status >= 500) return new DriveUnavailableError(fileId, `drive answered ${status}`);
  return new DriveUnavailableError(fileId, `drive gave an unexpected answer (${status})`);
}
