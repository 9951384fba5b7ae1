import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deleteById, useRefetchingMutation } from '../../../lib/mutations.ts';

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

const tokensKey = ['tokens'] as const;

export const useTokens = () =>
  useQuery({ queryKey: tokensKey, queryFn: () => api<{ tokens: RefreshTokenInfo[] }>('/api/tokens') });

export const useCreateToken = () =>
  useRefetchingMutation(tokensKey, (label: string) =>
    api<{ tokenId: string; refreshToken: string }>('/api/tokens', { json: label ? { label } : {} }),
  );

export const useRevokeToken = () => useRefetchingMutation(tokensKey, deleteById('/api/tokens'));

export const useAllowance = () =>
  useQuery({ queryKey: ['allowance'], queryFn: () => api<Allowance>('/api/allowance') });
