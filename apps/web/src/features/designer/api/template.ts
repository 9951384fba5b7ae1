import { defaultRoleColor } from '@countersign/schemas/role-colors';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type DocumentLayout, type Draft, type FieldType, newFieldId } from '../model.ts';
import { type TemplateWithVersion, templateQuery } from './template-query.ts';

export const useTemplate = (id: string) => useQuery(templateQuery(id));

export const layoutOf = (t: TemplateWithVersion): DocumentLayout[] =>
  t.documents.map((d) => ({ filename: d.filename, pageSizes: d.pageSizes }));

/** The server's template as the designer's working copy. */
export function toDraft(t: TemplateWithVersion): Draft {
  const docIndex = new Map(t.documents.map((d, i) => [d.filename, i]));
  return {
    name: t.name,
    defaultLocale: t.defaultLocale,
    // The server fills in the default of any role without a chosen colour.
    roles: t.roles.map((name, i) => ({ name, color: t.roleColors[name] ?? defaultRoleColor(i) })),
    fields: t.fields.map((f) => ({
      id: newFieldId(),
      label: f.label,
      type: f.type as FieldType,
      role: f.role,
      required: f.required,
      document: docIndex.get(f.document) ?? 0,
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
      source: f.source ?? 'manifest',
    })),
  };
}

/**
 * The working copy as a save body (`TemplateUpdateRequest`, strict): the whole template, naming the version it
 * was based on. Prefill values belong to a send (`signingRequests[].fields`), not to the template.
 */
export function toSaveBody(draft: Draft, version: number, documents: DocumentLayout[]) {
  return {
    version,
    name: draft.name,
    defaultLocale: draft.defaultLocale,
    roles: draft.roles.map((r) => r.name),
    roleColors: Object.fromEntries(draft.roles.map((r) => [r.name, r.color])),
    fields: draft.fields.map((f) => ({
      label: f.label,
      type: f.type,
      role: f.role ?? undefined,
      required: f.required,
      document: documents[f.document]?.filename ?? '',
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
    })),
  };
}

/** Browsers refuse keepalive bodies beyond 64 KB in all (a template of about 400 fields). */
const KEEPALIVE_BODY_MAX = 64 * 1024;

/**
 * Saves the working copy. Sent keepalive when small enough, so a save started as the tab closes still lands;
 * a larger one is a plain request, and leaving while it is pending asks the member first (beforeunload).
 */
export const saveTemplate = (id: string, body: ReturnType<typeof toSaveBody>) =>
  api<TemplateWithVersion>(`/api/templates/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: body,
    keepalive: new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_BODY_MAX,
  });

/** POST /api/templates/{id}/test: every role sent to the signed-in member; answers the first signing page. */
export const testSend = (id: string) =>
  api<{ email: string; sessionId: string; signingUrl: string }>(
    `/api/templates/${encodeURIComponent(id)}/test`,
    { method: 'POST', json: {} },
  );
