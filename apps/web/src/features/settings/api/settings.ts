import type { Branding, BrandingUpdateRequest, MemberPreferences } from '@countersign/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deleteById, useRefetchingMutation } from '../../../lib/mutations.ts';
import { type Account, type Member, meKey } from '../../auth/api/auth.ts';
import { tokensKey } from '../../integration/api/integration.ts';

export const useAccount = () =>
  useQuery({ queryKey: ['account'], queryFn: () => api<Account>('/api/account') });

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: { name?: string; defaultSenderName?: string | null; outcomeEmail?: string | null }) =>
      api<Account>('/api/account', { method: 'PATCH', json: patch }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['account'] });
      void client.invalidateQueries({ queryKey: meKey });
    },
  });
}

const preferencesKey = ['me', 'preferences'] as const;

/** The signed-in member's own settings (GET/PATCH /api/me/preferences). */
export const usePreferences = () =>
  useQuery({ queryKey: preferencesKey, queryFn: () => api<MemberPreferences>('/api/me/preferences') });

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<MemberPreferences>) =>
      api<MemberPreferences>('/api/me/preferences', { method: 'PATCH', json: patch }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}

const membersKey = ['members'] as const;

export const useMembers = () =>
  useQuery({ queryKey: membersKey, queryFn: () => api<{ members: Member[] }>('/api/members') });

export const useInviteMember = () =>
  useRefetchingMutation(membersKey, (v: { email: string; name?: string; role: 'owner' | 'member' }) =>
    api<Member>('/api/members', {
      json: { email: v.email, role: v.role, ...(v.name ? { name: v.name } : {}) },
    }),
  );

export const useRemoveMember = () => useRefetchingMutation(membersKey, deleteById('/api/members'));

/**
 * PATCH /api/members/{id} `role`; the caller's own scopes may change with it (an owner who made themselves a
 * member), and the tokens of the member (narrowed with the role), so both are fetched again.
 */
export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { memberId: string; role: Member['role'] }) =>
      api<Member>(`/api/members/${encodeURIComponent(v.memberId)}`, {
        method: 'PATCH',
        json: { role: v.role },
      }),
    onSuccess: () =>
      Promise.all([membersKey, meKey, tokensKey].map((queryKey) => client.invalidateQueries({ queryKey }))),
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
