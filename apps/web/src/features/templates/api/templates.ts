import type { TemplateList } from '@countersign/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const templatesKey = ['templates'] as const;

export const useTemplates = () =>
  useQuery({ queryKey: templatesKey, queryFn: () => api<TemplateList>('/api/templates') });

/** A template from uploaded PDFs: the manifest names them; detection adds AcroForm and text-tag fields. */
export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, roles, files }: { name: string; roles: string[]; files: File[] }) => {
      const form = new FormData();
      form.set('manifest', JSON.stringify({ name, roles, documents: files.map((f) => f.name) }));
      for (const file of files) form.append('documents', file, file.name);
      return api<{ templateId: string }>('/api/templates', { form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      api<void>(`/api/templates/${encodeURIComponent(templateId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}
