import { DomainError, localDrive } from '@countersign/core';
import { DriveFileIdParamsSchema, DriveFileListSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import { megabytes } from '../../http/body-limit.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, commonErrors, errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { pdfFilePart } from '../../http/pdf-file-part.ts';
import { deleteRoute, type RecordKind } from '../../http/record-route.ts';

/** A file of the account's embedded drive, named by `{cloudFileId}`. */
const driveFile = {
  tags: ['Drive'],
  params: DriveFileIdParamsSchema,
  notFound: errorResponseFor('`drive_file_not_found`: no such file in this account drive.'),
} satisfies RecordKind<typeof DriveFileIdParamsSchema>;

export const DriveUploadSchema = z
  .strictObject({
    files: z
      .union([pdfFilePart, z.array(pdfFilePart)], {
        error: 'required: one file part per PDF, each named `files`',
      })
      .openapi({ type: 'array', items: { type: 'string', format: 'binary' } }),
  })
  .openapi('DriveUpload');

export const driveFilesListRoute = apiRoute({
  method: 'get',
  path: '/api/drive/files',
  tags: ['Drive'],
  summary: "The embedded drive's files",
  responses: {
    200: jsonResponse('Oldest first.', DriveFileListSchema),
  },
});

export const driveFilesUploadRoute = apiRoute({
  method: 'post',
  path: '/api/drive/files',
  tags: ['Drive'],
  summary: 'Upload PDFs to the embedded drive',
  description:
    'multipart/form-data with one `files` part per PDF. Every file must be a PDF (starts with `%PDF-`) of at most ' +
    'MAX_FILE_BYTES; otherwise nothing is stored. Their `cloudFileId`s go into `POST /api/sessions/send`.',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: DriveUploadSchema } } } },
  responses: {
    201: jsonResponse('Stored.', DriveFileListSchema),
    400: errorResponseFor(
      '`invalid_request`: a file is not a PDF (named in `message`), or the form is wrong.',
    ),
    413: commonErrors.upload413,
  },
});

export const driveFileDeleteRoute = deleteRoute(driveFile, '/api/drive/files/{cloudFileId}', {
  summary: 'Delete a file of the embedded drive',
  description: 'Sessions already sent from it keep their own copy.',
  done: 'Deleted.',
});

const PDF_MAGIC = '%PDF-';

export function registerDriveFiles(app: OpenAPIHono<AppEnv>): void {
  app.openapi(driveFilesListRoute, async (c) => {
    const files = await (await localDrive(...forAccount(c))).list();
    return c.json(
      {
        files: files.map((f) => ({
          cloudFileId: f.id,
          filename: f.filename,
          size: f.size,
          createdAt: f.createdAt,
        })),
      },
      200,
    );
  });
  app.openapi(driveFilesUploadRoute, async (c) => {
    const ctx = c.get('deps').runtime.ctx;
    const form = c.req.valid('form');
    const uploads = Array.isArray(form.files) ? form.files : [form.files];
    const max = ctx.config.limits.maxFileBytes;
    // Every file is checked before any is stored: a bad one leaves the drive as it was.
    const checked: { name: string; bytes: Uint8Array }[] = [];
    for (const file of uploads) {
      if (file.size > max) {
        throw new DomainError(
          'payload_too_large',
          `${file.name} is ${megabytes(file.size)}, more than the ${megabytes(max)} limit for a PDF (MAX_FILE_BYTES); upload a smaller PDF`,
        );
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (Buffer.from(bytes.subarray(0, 1024)).indexOf(PDF_MAGIC) === -1)
        throw new DomainError('invalid_request', `${file.name} is not a PDF (no %PDF- header)`);
      checked.push({ name: file.name, bytes });
    }
    const drive = await localDrive(ctx, c.get('accountId'));
    const stored = [];
    const now = new Date(ctx.clock.now()).toISOString();
    for (const f of checked) {
      const put = await drive.put(f.name, f.bytes);
      stored.push({
        cloudFileId: put.cloudFileId,
        filename: put.filename,
        size: f.bytes.byteLength,
        createdAt: now,
      });
    }
    return c.json({ files: stored }, 201);
  });
  noContent(app, driveFileDeleteRoute, async (c) => {
    const { cloudFileId } = c.req.valid('param');
    const removed = await (await localDrive(...forAccount(c))).remove(cloudFileId);
    if (!removed)
      throw new DomainError('drive_file_not_found', `no file ${cloudFileId} in this account drive`);
  });
}
