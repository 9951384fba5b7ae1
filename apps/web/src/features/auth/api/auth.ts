import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface Me {
  member: { memberId: string; email: string; name: string | null; role: 'owner' | 'member' };
  account: { accountId: string; name: string };
}

export const meKey = ['me'] as const;

export const useMe = () =>
  useQuery({ queryKey: meKey, queryFn: () => api<Me>('/api/web/me'), staleTime: 60_000 });

export const requestSignInLink = (email: string) => api<void>('/auth/sign-in', { json: { email } });

export const signOut = () => api<void>('/auth/sign-out', { method: 'POST' });
