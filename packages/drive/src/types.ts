/** A file as the drive describes it. `size` is in bytes. */
export interface DriveFile {
  id: string;
  filename: string;
  size: number;
  mimeType: string;
}

/**
 * Read access to one account's drive. Both methods throw only `DriveError` subclasses:
 * not found, unavailable, too large, not a PDF (Google-native documents).
 */
export interface DriveProvider {
  stat(fileId: string): Promise<DriveFile>;
  read(fileId: string): Promise<Uint8Array>;
}

/** Set by the service: the configured file size cap and a time budget per call. */
export interface DriveLimits {
  maxBytes: number;
  timeoutMs: number;
}
