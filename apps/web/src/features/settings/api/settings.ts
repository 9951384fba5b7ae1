import type { Branding, BrandingUpdateRequest } from '@countersign/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Account, type Member, meKey } from '../../auth/api/auth.ts';

export const useAccount = () =>
  useQuery({ queryKey: ['account'], queryFn: () => api<Account>('/api/account') });

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: { name?: string; defaultSenderName?: string | null }) =>
      api<Account>('/api/account', { method: 'PATCH', json: patch }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['account'] });
      void client.invalidateQueries({ queryKey: meKey });
    },
  });
}

export const useMembers = () =>
  useQuery({ queryKey: ['members'], queryFn: () => api<{ members: Member[] }>('/api/members') });

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { email: string; name?: string; role: 'owner' | 'member' }) =>
      api<Member>('/api/members', {
        json: { email: v.email, role: v.role, ...(v.name ? { name: v.name } : {}) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      api<void>(`/api/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}

export const brandingKey = ['branding'] as const;

export const useBranding = () =>
  useQuery({ queryKey: brandingKey, queryFn: () => api<Branding>('/api/account/branding') });

/** Only the properties given change (PUT /api/account/branding). */
export function useUpdateBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: BrandingUpdateRequest) =>
      api<Branding>('/api/account/branding', { method: 'PUT', json: patch }),
    onSuccess: (branding) => client.setQueryData(brandingKey, branding),
  });
}
