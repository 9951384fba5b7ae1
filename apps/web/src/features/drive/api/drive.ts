import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deleteById, useRefetchingMutation } from '../../../lib/mutations.ts';

export interface DriveFile {
  cloudFileId: string;
  filename: string;
  size: number;
  createdAt: string;
}
export interface DriveConnection {
  provider: 'local' | 'gdrive';
  /** The connected Google account's address (gdrive). */
  account: string | null;
  /** Whether the operator configured Google OAuth (otherwise there is nothing to connect). */
  googleOauthAvailable: boolean;
}

const key = ['drive'] as const;

export const useDriveFiles = () =>
  useQuery({ queryKey: [...key, 'files'], queryFn: () => api<{ files: DriveFile[] }>('/api/drive/files') });
export const useDriveConnection = () =>
  useQuery({ queryKey: [...key, 'connection'], queryFn: () => api<DriveConnection>('/api/drive') });

const useDriveMutation = <A, R>(fn: (a: A) => Promise<R>) => useRefetchingMutation(key, fn);

export const useUploadFiles = () =>
  useDriveMutation((files: File[]) => {
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    return api<{ files: DriveFile[] }>('/api/drive/files', { form });
  });
export const useDeleteFile = () => useDriveMutation(deleteById('/api/drive/files'));
export const useConnectGoogle = () =>
  useDriveMutation(() => api<{ authorizationUrl: string }>('/api/drive/gdrive/connect', { method: 'POST' }));
export const useDisconnect = () =>
  useDriveMutation(() => api<void>('/api/drive/gdrive', { method: 'DELETE' }));
