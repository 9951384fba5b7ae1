import { createTemplate, DomainError, recordActivity, templateFromManifest } from '@countersign/core';
import {
  formatIssueLine,
  formatIssues,
  SessionsSendRejectedResponseSchema,
  TemplateCreatedSchema,
  type TemplateManifest,
  TemplateManifestSchema,
} from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { errorResponse } from '../../http/errors.ts';
import { apiRoute, commonErrors, jsonResponse } from '../../http/openapi.ts';
import { pdfFilePart } from '../../http/pdf-file-part.ts';

/**
 * The upload: one `manifest` part (the TemplateManifest JSON, as a text field or a file) and one `documents`
 * file part per PDF. Each manifest `documents` entry names an uploaded file by its file name; no other parts.
 */
export const TemplateUploadSchema = z
  .strictObject({
    manifest: z
      .union([z.string(), pdfFilePart], {
        error: 'required: the manifest JSON, as a text field or a file part',
      })
      .openapi({
        type: 'string',
        description: 'The TemplateManifest JSON (see the TemplateManifest schema).',
      }),
    documents: z
      .union([pdfFilePart, z.array(pdfFilePart)], {
        error: 'required: one file part per PDF, each named `documents`',
      })
      .openapi({
        type: 'array',
        items: { type: 'string', format: 'binary' },
        description: 'The PDFs, one part each; their file names match the manifest `documents` entries.',
      }),
  })
  .openapi('TemplateUpload');

/** Says what this route wants before the form validator sees a JSON (or any other) body. */
const requireMultipart: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    return errorResponse(
      c,
      'invalid_request',
      'send multipart/form-data: a `manifest` part (the manifest JSON) and one `documents` file part per PDF',
    );
  }
  await next();
};

export const templatesCreateRoute = apiRoute({
  method: 'post',
  path: '/api/templates',
  access: needs('templates:write'),
  middleware: [requireMultipart] as const,
  tags: ['Templates'],
  summary: 'Create a template from PDFs and a manifest',
  description:
    'multipart/form-data: a `manifest` part (TemplateManifest JSON) and one `documents` file part per PDF, ' +
    'matched to the manifest by file name. Every PDF is inspected (encrypted, XFA and unreadable files: 422, ' +
    'nothing created) and searched for fields: AcroForm fields become fields (named `Role:Label` to assign ' +
    'a role) and text tags such as `{{Company;type=text;role=Client}}` become fields at their place, the tag ' +
    'text being removed from the prepared PDF (or covered with white where it cannot be removed). Roles named ' +
    'by tags or form fields are added after the manifest roles. Send labels: `<label>`, `<label> 2`, ... in ' +
    'document, page, top-to-bottom, left-to-right order.',
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: TemplateUploadSchema,
          encoding: {
            manifest: { contentType: 'application/json' },
            documents: { contentType: 'application/pdf' },
          },
        },
      },
    },
  },
  responses: {
    201: jsonResponse('The template.', TemplateCreatedSchema),
    413: commonErrors.upload413,
    422: jsonResponse(
      'A PDF was rejected (`failedDocuments`: encrypted, xfa, load-failed...); nothing was created.',
      SessionsSendRejectedResponseSchema,
    ),
  },
});

export function registerTemplatesCreate(app: OpenAPIHono<AppEnv>): void {
  // The manifest travels as a JSON string inside the form, so no route references it: list it by name.
  app.openAPIRegistry.register('TemplateManifest', TemplateManifestSchema);
  app.openapi(templatesCreateRoute, async (c) => {
    const form = c.req.valid('form');
    const manifest = parseManifest(
      typeof form.manifest === 'string' ? form.manifest : await form.manifest.text(),
    );
    const files = Array.isArray(form.documents) ? form.documents : [form.documents];
    const bytes = await matchFiles(manifest, files);
    const [ctx, accountId] = forAccount(c);
    const created = await createTemplate(
      ctx,
      accountId,
      templateFromManifest(manifest, (entry) => bytes.get(entry)!),
      (templateId, name) =>
        recordActivity(
          ctx,
          accountId,
          actorOf(c),
          'template.created',
          { kind: 'template', id: templateId },
          { name },
        ),
    );
    return c.json(created, 201);
  });
}

function parseManifest(text: string): TemplateManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DomainError('invalid_request', `manifest: not valid JSON (${(error as Error).message})`);
  }
  const parsed = TemplateManifestSchema.safeParse(json);
  if (!parsed.success) {
    const lines = formatIssues(parsed.error).map((i) =>
      formatIssueLine({ ...i, path: i.path ? `manifest.${i.path}` : 'manifest' }),
    );
    throw new DomainError('invalid_request', lines.join('; '));
  }
  return parsed.data;
}

/** Each manifest document entry -> the bytes of the uploaded file with that file name (its last path segment). */
async function matchFiles(manifest: TemplateManifest, files: File[]): Promise<Map<string, Uint8Array>> {
  const byName = new Map<string, File>();
  for (const file of files) {
    if (byName.has(file.name))
      throw new DomainError('invalid_request', `documents: two uploaded files are named "${file.name}"`);
    byName.set(file.name, file);
  }
  const used = new Set<string>();
  const out = new Map<string, Uint8Array>();
  const missing: string[] = [];
  for (const entry of manifest.documents) {
    const file = byName.get(entry) ?? byName.get(entry.split(/[\\/]/).pop()!);
    if (!file) {
      missing.push(entry);
      continue;
    }
    used.add(file.name);
    out.set(entry, new Uint8Array(await file.arrayBuffer()));
  }
  const uploaded = [...byName.keys()].map((n) => `"${n}"`).join(', ');
  if (missing.length > 0) {
    throw new DomainError(
      'invalid_request',
      `documents: no uploaded file for ${missing.map((m) => `"${m}"`).join(', ')} (uploaded: ${uploaded || 'none'})`,
    );
  }
  const extra = [...byName.keys()].filter((n) => !used.has(n));
  if (extra.length > 0) {
    throw new DomainError(
      'invalid_request',
      `documents: ${extra.map((n) => `"${n}"`).join(', ')} is not listed in the manifest's documents`,
    );
  }
  return out;
}
