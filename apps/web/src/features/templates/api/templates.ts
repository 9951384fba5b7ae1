import type { TemplateDetail, TemplateList } from '@countersign/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deleteById, useRefetchingMutation } from '../../../lib/mutations.ts';

export const templatesKey = ['templates'] as const;

/** The account's templates, or its archived ones. */
export const useTemplates = (archived = false) =>
  useQuery({
    queryKey: [...templatesKey, archived ? 'archived' : 'active'],
    queryFn: () => api<TemplateList>(archived ? '/api/templates?archived=true' : '/api/templates'),
  });

/** A template from uploaded PDFs: the manifest names them; detection adds AcroForm and text-tag fields. */
export const useCreateTemplate = () =>
  useRefetchingMutation(
    templatesKey,
    async ({ name, roles, files }: { name: string; roles: string[]; files: File[] }) => {
      const form = new FormData();
      form.set('manifest', JSON.stringify({ name, roles, documents: files.map((f) => f.name) }));
      for (const file of files) form.append('documents', file, file.name);
      return api<{ templateId: string }>('/api/templates', { form });
    },
  );

export const useDeleteTemplate = () => useRefetchingMutation(templatesKey, deleteById('/api/templates'));

/** Archives a template (out of the list) or restores it; both lists refetch. */
export const useArchiveTemplate = () =>
  useRefetchingMutation(templatesKey, ({ templateId, archived }: { templateId: string; archived: boolean }) =>
    api<TemplateDetail>(
      `/api/templates/${encodeURIComponent(templateId)}/${archived ? 'archive' : 'restore'}`,
      { method: 'POST' },
    ),
  );

/** `PUT /api/templates/{id}/tags`: replaces a template's tags; the lists refetch. */
export const useSetTemplateTags = () =>
  useRefetchingMutation(templatesKey, ({ templateId, tags }: { templateId: string; tags: string[] }) =>
    api<TemplateDetail>(`/api/templates/${encodeURIComponent(templateId)}/tags`, {
      method: 'PUT',
      json: { tags },
    }),
  );

/** `POST /api/templates/{id}/duplicate`: the copy, named "... (copy)", to open in the designer. */
export const useDuplicateTemplate = () =>
  useRefetchingMutation(templatesKey, (templateId: string) =>
    api<TemplateDetail>(`/api/templates/${encodeURIComponent(templateId)}/duplicate`, { json: {} }),
  );
