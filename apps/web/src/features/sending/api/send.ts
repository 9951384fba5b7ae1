import type {
  SessionsSendResponse,
  TemplateSendRequestInput,
  TemplateSendResponse,
} from '@countersign/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefetchingMutation } from '../../../lib/mutations.ts';
import { templatesKey } from '../../templates/api/templates.ts';
import { type DocumentsForm, documentsRequestOf } from '../documents-form.ts';
import { clearPlacedSend } from '../placed-send.ts';

export interface TemplateSent {
  result: TemplateSendResponse;
  /** A placed send's template, archived after it as asked (false: kept, not a placed send, or not sent). */
  archived: boolean;
  /** Why archiving it failed (the send itself went out). */
  archiveError: unknown;
}

/**
 * `POST /api/templates/send`, the integrators' route, with the member's cookie; the lists refetch. `placed`: the
 * documents whose fields the member placed ("Send documents"): once a session exists, their waiting typing is
 * cleared and, unless kept, the template archived, inside this call, so leaving the page at once skips neither.
 */
export function useSendTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      placed,
    }: {
      body: TemplateSendRequestInput;
      placed?: { keep: boolean };
    }): Promise<TemplateSent> => {
      const result = await api<TemplateSendResponse>('/api/templates/send', { json: body });
      const entry = result.instantiation.sessions[0];
      if (!placed || !entry || entry.status === 'error')
        return { result, archived: false, archiveError: null };
      clearPlacedSend(body.templateId);
      if (placed.keep) return { result, archived: false, archiveError: null };
      try {
        await api(`/api/templates/${encodeURIComponent(body.templateId)}/archive`, { method: 'POST' });
        return { result, archived: true, archiveError: null };
      } catch (archiveError) {
        return { result, archived: false, archiveError };
      }
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['sessions'] }),
        client.invalidateQueries({ queryKey: templatesKey }),
      ]),
  });
}

/** Files of this page already on the drive: a send tried again (after a refusal) does not upload them twice. */
const onDrive = new WeakMap<File, string>();

/**
 * Your own documents: the PDFs chosen on this device go to the drive first (`POST /api/drive/files`, where they
 * stay like any upload), then `POST /api/sessions/send` sends them with the drive files picked.
 */
export const useSendDocuments = () =>
  useRefetchingMutation(['sessions'], async (form: DocumentsForm) => {
    const fresh = form.files.filter((f) => !onDrive.has(f));
    if (fresh.length > 0) {
      const upload = new FormData();
      for (const f of fresh) upload.append('files', f, f.name);
      const { files } = await api<{ files: { cloudFileId: string }[] }>('/api/drive/files', { form: upload });
      for (const [i, f] of fresh.entries()) onDrive.set(f, files[i]!.cloudFileId);
    }
    const uploaded = form.files.map((f) => onDrive.get(f)!);
    return api<SessionsSendResponse>('/api/sessions/send', { json: documentsRequestOf(form, uploaded) });
  });
