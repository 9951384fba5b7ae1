export {
  createDriveProvider,
  type DriveConnection,
  type DriveProviderOptions,
  driveConnectionSchema,
  gdriveCredentialsSchema,
} from './connection.ts';
export {
  DriveError,
  type DriveErrorCode,
  DriveFileNotFoundError,
  DriveFileNotPdfError,
  DriveFileTooLargeError,
  DriveUnavailableError,
  isDriveError,
} from './errors.ts';
export {
  createGoogleDrive,
  GOOGLE_DRIVE_BASE_URL,
  GOOGLE_TOKEN_URL,
  type GoogleDriveCredentials,
  type GoogleDriveOptions,
} from './gdrive/google-drive.ts';
export { isLocalFileId, newLocalFileId } from './local/file-id.ts';
export { cleanFilename, filenameProblem, sniffMimeType } from './local/filename.ts';
export { createLocalDrive, type LocalDrive } from './local/local-drive.ts';
export type { DriveFile, DriveLimits, DriveProvider } from './types.ts';
