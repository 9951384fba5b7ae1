import {
  DomainError,
  driveErrorToDomain,
  filenameProblem,
  inspectUploads,
  localDrive,
} from '@countersign/core';
import {
  DriveFileIdParamsSchema,
  DriveFileListSchema,
  SessionsSendRejectedResponseSchema,
} from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, commonErrors, errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { pdfFilePart } from '../../http/pdf-file-part.ts';
import { pdfBytesResponse, pdfDocumented } from '../../http/pdf-response.ts';
import { deleteRoute, type RecordKind } from '../../http/record-route.ts';

/** A file of the account's embedded drive, named by `{cloudFileId}`. */
const driveFile = {
  access: needs('drive'),
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
  access: needs('drive'),
  tags: ['Drive'],
  summary: "The embedded drive's files",
  responses: {
    200: jsonResponse('Oldest first.', DriveFileListSchema),
  },
});

export const driveFilesUploadRoute = apiRoute({
  method: 'post',
  path: '/api/drive/files',
  access: needs('drive'),
  tags: ['Drive'],
  summary: 'Upload PDFs to the embedded drive',
  description:
    'multipart/form-data with one `files` part per PDF. Every PDF is inspected as a template upload inspects ' +
    'it (encrypted, XFA, unreadable, not a PDF or over MAX_FILE_BYTES: 422 `documents_rejected` in the same ' +
    'words); a file name that names no file once cleaned (empty, `.`, `..`, a folder) is a 400. Either way ' +
    'nothing is stored. Names keep their last path segment without control characters, at most 255 ' +
    'characters. Their `cloudFileId`s go into `POST /api/sessions/send`.',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: DriveUploadSchema } } } },
  responses: {
    201: jsonResponse('Stored.', DriveFileListSchema),
    400: errorResponseFor(
      '`invalid_request`: a file name names no file (named in `message`), or the form is wrong.',
    ),
    413: commonErrors.upload413,
    422: jsonResponse(
      'A PDF was rejected (`failedDocuments`: encrypted, xfa, load-failed, too-large...); nothing was stored.',
      SessionsSendRejectedResponseSchema,
    ),
  },
});

export const driveFileDeleteRoute = deleteRoute(driveFile, '/api/drive/files/{cloudFileId}', {
  summary: 'Delete a file of the embedded drive',
  description: 'Sessions already sent from it keep their own copy.',
  done: 'Deleted.',
});

export const driveFileContentRoute = apiRoute({
  method: 'get',
  path: '/api/drive/files/{cloudFileId}/content',
  access: driveFile.access,
  tags: driveFile.tags,
  summary: 'A file of the embedded drive, its PDF (extension)',
  description:
    'The bytes as uploaded, with the file name as its download name. The web app reads them to make a ' +
    'template of drive files (the designer places their fields).',
  request: { params: driveFile.params },
  responses: { 200: pdfDocumented, 404: driveFile.notFound },
});

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
    // Every file is checked before any is stored: a bad one leaves the drive as it was. Names first (400), then
    // the same inspection and words as a template upload (422 `documents_rejected`).
    const checked: { filename: string; bytes: Uint8Array }[] = [];
    for (const file of uploads) {
      const problem = filenameProblem(file.name);
      if (problem)
        throw new DomainError(
          'invalid_request',
          `files: the file name ${JSON.stringify(file.name)} ${problem}`,
        );
      checked.push({ filename: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    }
    await inspectUploads(ctx, checked);
    const drive = await localDrive(ctx, c.get('accountId'));
    const stored = [];
    const now = new Date(ctx.clock.now()).toISOString();
    for (const f of checked) {
      const put = await drive.put(f.filename, f.bytes);
      stored.push({
        cloudFileId: put.cloudFileId,
        filename: put.filename,
        size: f.bytes.byteLength,
        createdAt: now,
      });
    }
    return c.json({ files: stored }, 201);
  });
  app.openapi(driveFileContentRoute, async (c) => {
    const { cloudFileId } = c.req.valid('param');
    const drive = await localDrive(...forAccount(c));
    try {
      const file = await drive.stat(cloudFileId);
      return pdfBytesResponse(c, await drive.read(cloudFileId), file.filename);
    } catch (err) {
      // This drive's own word for a file it does not hold (a send says `cloud_file_not_found`).
      if ((err as { code?: string }).code === 'cloud_file_not_found')
        throw new DomainError('drive_file_not_found', `no file ${cloudFileId} in this account drive`);
      driveErrorToDomain(err);
    }
  });
  noContent(app, driveFileDeleteRoute, async (c) => {
    const { cloudFileId } = c.req.valid('param');
    const removed = await (await localDrive(...forAccount(c))).remove(cloudFileId);
    if (!removed)
      throw new DomainError('drive_file_not_found', `no file ${cloudFileId} in this account drive`);
  });
}
