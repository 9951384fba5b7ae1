export type DriveErrorCode =
  | 'cloud_file_not_found'
  | 'drive_unavailable'
  | 'cloud_file_too_large'
  | 'cloud_file_not_pdf';

/** Expected drive failures. `message` is safe to show the integrator; details for logs sit in `cause`. */
export abstract class DriveError extends Error {
  abstract readonly code: DriveErrorCode;
  readonly fileId: string;

  constructor(fileId: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.fileId = fileId;
    this.name = new.target.name;
  }
}

/** Unknown id, or an id this account cannot access: from the account's view it does not exist. */
export class DriveFileNotFoundError extends DriveError {
  readonly code = 'cloud_file_not_found';

  constructor(fileId: string, options?: { cause?: unknown }) {
    super(fileId, `cloud file ${fileId} was not found`, options);
  }
}

/** The drive could not answer: unreachable, timeout, 5xx, rate limited, credentials refused. */
export class DriveUnavailableError extends DriveError {
  readonly code = 'drive_unavailable';

  constructor(fileId: string, reason: string, options?: { cause?: unknown }) {
    super(fileId, `cloud drive unavailable while fetching ${fileId}: ${reason}`, options);
  }
}

export class DriveFileTooLargeError extends DriveError {
  readonly code = 'cloud_file_too_large';
  readonly maxBytes: number;

  constructor(fileId: string, maxBytes: number) {
    super(fileId, `cloud file ${fileId} is larger than the ${maxBytes} byte limit`);
    this.maxBytes = maxBytes;
  }
}

/** A Google-native document (Docs, Sheets, folder, shortcut...): it has no bytes to download. */
export class DriveFileNotPdfError extends DriveError {
  readonly code = 'cloud_file_not_pdf';
  readonly mimeType: string;

  constructor(fileId: string, mimeType: string) {
    super(fileId, `cloud file ${fileId} is a ${mimeType} document, not a PDF; export it to PDF first`);
    this.mimeType = mimeType;
  }
}

export function isDriveError(err: unknown): err is DriveError {
  return err instanceof DriveError;
}
