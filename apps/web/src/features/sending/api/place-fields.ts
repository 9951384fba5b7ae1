import { ApiError, api, apiBytes } from '../../../lib/api-client.ts';
import { useRefetchingMutation } from '../../../lib/mutations.ts';
import type { DriveFile } from '../../drive/api/drive.ts';
import { templatesKey } from '../../templates/api/templates.ts';
import type { DocumentsForm } from '../documents-form.ts';
import { placedSendOfForm, rolesFor, savePlacedSend, unusedName } from '../placed-send.ts';

/** `name.pdf`, then `name (2).pdf`...: a template's documents need distinct file names. */
export function distinctNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const [, base = name, ext = ''] = /^(.*?)(\.pdf)?$/i.exec(name) ?? [];
    return unusedName(taken, name, (n) => `${base} (${n})${ext}`);
  });
}

/** A drive file's bytes; one gone meanwhile is named by its file name, not its id. */
async function driveFile(file: { cloudFileId: string; filename: string }): Promise<File> {
  try {
    const bytes = await apiBytes(`/api/drive/files/${encodeURIComponent(file.cloudFileId)}/content`);
    return new File([bytes], file.filename, { type: 'application/pdf' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw new Error(`${file.filename} is no longer on the drive: untick it or upload it again`);
    throw err;
  }
}

/**
 * "Place the fields myself": the chosen PDFs (drive files first, read back from the drive, then this device's,
 * the order a send of them would have) become a template with one role per recipient, through the public
 * `POST /api/templates`; the form waits for the designer (placed-send.ts). Its id, to open in the designer.
 */
export const usePlaceFields = () =>
  useRefetchingMutation(
    templatesKey,
    async ({ form, driveFiles }: { form: DocumentsForm; driveFiles: DriveFile[] }) => {
      const fromDrive = await Promise.all(
        form.driveFileIds.map((id) =>
          driveFile({
            cloudFileId: id,
            filename: driveFiles.find((f) => f.cloudFileId === id)?.filename ?? `${id}.pdf`,
          }),
        ),
      );
      const files = [...fromDrive, ...form.files];
      const names = distinctNames(files.map((f) => f.name));
      const roles = rolesFor(form.recipients);
      const upload = new FormData();
      const name = form.title.trim() || names[0]!.replace(/\.pdf$/i, '') || 'Untitled';
      upload.set('manifest', JSON.stringify({ name, roles, documents: names }));
      for (const [i, file] of files.entries()) upload.append('documents', file, names[i]);
      const { templateId } = await api<{ templateId: string }>('/api/templates', { form: upload });
      // Storage refused (off or full): the designer opens all the same, its send page just starts empty.
      savePlacedSend(templateId, placedSendOfForm(form, roles));
      return templateId;
    },
  );
