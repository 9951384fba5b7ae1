import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface RefreshTokenInfo {
  tokenId: string;
  label: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface Allowance {
  /** Units per period; null: unlimited. */
  limit: number | null;
  used: number;
  left: number | null;
  resetsAt: string | null;
  /** The last 30 days, oldest first. */
  daily: { date: string; units: number }[];
}

export const useTokens = () =>
  useQuery({ queryKey: ['tokens'], queryFn: () => api<{ tokens: RefreshTokenInfo[] }>('/api/tokens') });

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      api<{ tokenId: string; refreshToken: string }>('/api/tokens', { json: label ? { label } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tokens'] }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      api<void>(`/api/tokens/${encodeURIComponent(tokenId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tokens'] }),
  });
}

export const useAllowance = () =>
  useQuery({ queryKey: ['allowance'], queryFn: () => api<Allowance>('/api/allowance') });
