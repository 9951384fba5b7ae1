import { z } from 'zod';
import { createGoogleDrive } from './gdrive/google-drive.ts';
import { ACCOUNT_ID_PATTERN } from './local/file-id.ts';
import { createLocalDrive } from './local/local-drive.ts';
import type { DriveLimits, DriveProvider } from './types.ts';

/** What an account may type into its settings: the Google credentials only. */
export const gdriveCredentialsSchema = z.union([
  z.strictObject({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    refreshToken: z.string().min(1),
  }),
  z.strictObject({ accessToken: z.string().min(1) }),
]);

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * A stored drive connection. `accountId` (local) and the endpoint overrides (`baseUrl`,
 * `tokenUrl`, `allowedRedirectHosts`) must be set by the service, never taken from account
 * input: they decide whose files are read and where the service sends requests and tokens.
 */
export const driveConnectionSchema = z.discriminatedUnion('provider', [
  z.strictObject({
    provider: z.literal('local'),
    accountId: z.string().regex(ACCOUNT_ID_PATTERN),
  }),
  z.strictObject({
    provider: z.literal('gdrive'),
    credentials: gdriveCredentialsSchema,
    baseUrl: httpUrl.optional(),
    tokenUrl: httpUrl.optional(),
    allowedRedirectHosts: z.array(z.string().min(1)).optional(),
  }),
]);

export type DriveConnection = z.infer<typeof driveConnectionSchema>;

export interface DriveProviderOptions {
  /** Root directory of the embedded drive (each account gets `<localRoot>/<accountId>/`). */
  localRoot: string;
  /** Replaces global fetch for cloud providers. */
  fetch?: typeof fetch;
}

export function createDriveProvider(
  connection: DriveConnection,
  limits: DriveLimits,
  opts: DriveProviderOptions,
): DriveProvider {
  switch (connection.provider) {
    case 'local':
      return createLocalDrive(opts.localRoot, connection.accountId, limits);
    case 'gdrive': {
      const { provider: _provider, ...gdrive } = connection;
      return createGoogleDrive({ ...gdrive, ...limits, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
    }
  }
}
