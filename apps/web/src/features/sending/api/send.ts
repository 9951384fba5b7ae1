import type {
  SessionsSendResponse,
  TemplateSendRequestInput,
  TemplateSendResponse,
} from '@countersign/schemas';
import { api } from '../../../lib/api-client.ts';
import { useRefetchingMutation } from '../../../lib/mutations.ts';
import { type DocumentsForm, documentsRequestOf } from '../documents-form.ts';

/** `POST /api/templates/send`, the integrators' route, with the member's cookie; the sessions list refetches. */
export const useSendTemplate = () =>
  useRefetchingMutation(['sessions'], (body: TemplateSendRequestInput) =>
    api<TemplateSendResponse>('/api/templates/send', { json: body }),
  );

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
