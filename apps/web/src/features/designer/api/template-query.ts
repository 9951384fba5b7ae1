import type { TemplateDetail } from '@countersign/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Field } from '../model.ts';

// Small on purpose: the app's entry imports this to start a template's request on a direct load of its address.

/** GET /api/templates/{id} with the version a save must name (the server bumps it on every save). */
export type TemplateWithVersion = Omit<TemplateDetail, 'fields'> & {
  version: number;
  updatedAt?: string | null;
  fields: (TemplateDetail['fields'][number] & { source?: Field['source'] })[];
};

export const templateKey = (id: string) => ['templates', id] as const;

export const fetchTemplate = (id: string) =>
  api<TemplateWithVersion>(`/api/templates/${encodeURIComponent(id)}`);

/** The one query for a template: the entry's early start and the designer share it (and its request). */
export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: templateKey(id),
    queryFn: () => fetchTemplate(id),
    // The designer owns the working copy; a background refetch must not look like someone else's save.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const documentUrl = (templateId: string, index: number) =>
  `/api/templates/${encodeURIComponent(templateId)}/documents/${index}`;
