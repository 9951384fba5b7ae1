import type { SsoConnection, SsoConnectionRequest, SsoSettings } from '@countersign/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ssoKey = ['account-sso'] as const;

/** Owners only (GET /api/account/sso answers 403 to other members). */
export const useSsoSettings = (enabled: boolean) =>
  useQuery({ queryKey: ssoKey, queryFn: () => api<SsoSettings>('/api/account/sso'), enabled });

function useSsoWrite<A>(write: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: ssoKey }) });
}

export const useSaveSso = () =>
  useSsoWrite((body: SsoConnectionRequest) =>
    api<SsoConnection>('/api/account/sso', { method: 'PUT', json: body }),
  );

export const useCheckSsoDomain = () =>
  useSsoWrite(() => api<SsoConnection>('/api/account/sso/verification/check', { json: {} }));

export const useRemoveSso = () => useSsoWrite(() => api<void>('/api/account/sso', { method: 'DELETE' }));

/** Starts a single sign-on for a work address: the browser then goes to the identity provider. */
export async function startSso(email: string): Promise<void> {
  const { redirectUrl } = await api<{ redirectUrl: string }>('/api/auth/sso/start', {
    json: { email },
    anonymous: true,
  });
  location.assign(redirectUrl);
}
