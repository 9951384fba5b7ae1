import { z } from '@hono/zod-openapi';
import { PathIdSchema } from './common.ts';
import { listOf } from './read-fields.ts';

// The account drive over the API: the embedded drive's files and the Google Drive connection.

export const DriveFileSchema = z
  .object({
    cloudFileId: z.string().openapi({ description: 'The id a send names in `cloudFileIds`.' }),
    filename: z.string(),
    size: z.int(),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('DriveFile');

export const DriveFileListSchema = listOf('files', DriveFileSchema, 'DriveFileList');

export const DriveFileIdParamsSchema = z.object({ cloudFileId: PathIdSchema });

export const DriveConnectionSchema = z
  .object({
    provider: z.enum(['local', 'gdrive']).openapi({
      description: '`local`: the embedded drive (files uploaded here); `gdrive`: the connected Google Drive.',
    }),
    account: z
      .string()
      .nullable()
      .openapi({ description: "The connected Google account's address (gdrive)." }),
    googleOauthAvailable: z
      .boolean()
      .openapi({ description: 'Whether the operator configured Google OAuth, so `connect` can work.' }),
  })
  .openapi('DriveConnection');

export const DriveAuthorizationSchema = z
  .object({
    authorizationUrl: z.string().openapi({ description: "Open it in the browser: Google's consent page." }),
  })
  .openapi('DriveAuthorization');
