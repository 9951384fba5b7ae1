import type { RefreshTokenCreated, RefreshTokenCreateRequest, RefreshTokenInfo } from '@countersign/schemas';
import { type Scope, scopes } from '@countersign/schemas/scopes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deleteById, useRefetchingMutation } from '../../../lib/mutations.ts';

export type { RefreshTokenInfo };

export interface Allowance {
  /** Units per period; null: unlimited. */
  limit: number | null;
  used: number;
  left: number | null;
  resetsAt: string | null;
  /** The last 30 days, oldest first. */
  daily: { date: string; units: number }[];
}

/** Each scope as the token list and form name it; `scopeDescriptions` says what it allows. */
export const scopeNames: Record<Scope, string> = {
  'sessions:send': 'Send sessions',
  'sessions:read': 'Read sessions',
  'sessions:cancel': 'Cancel sessions',
  'templates:read': 'Read templates',
  'templates:write': 'Edit templates',
  drive: 'Drive files',
  webhooks: 'Webhooks',
  'account:read': 'Read the account',
  'account:admin': 'Administer the account',
};

/** A token's scopes in words: "Every scope", or their names in `scopes` order. */
export const scopesText = (list: readonly Scope[]): string =>
  list.length === scopes.length ? 'Every scope' : list.map((s) => scopeNames[s]).join(', ');

/** Who made a token, in words. */
export function creatorText({ kind, email, name }: RefreshTokenInfo['createdBy']): string {
  if (kind === 'cli') return 'CLI';
  if (kind === 'unrecorded') return 'before creators were recorded';
  if (!email) return 'a former member';
  return name ? `${name} (${email})` : email;
}

export const tokensKey = ['tokens'] as const;

export const useTokens = () =>
  useQuery({ queryKey: tokensKey, queryFn: () => api<{ tokens: RefreshTokenInfo[] }>('/api/tokens') });

export const useCreateToken = () =>
  useRefetchingMutation(tokensKey, (body: RefreshTokenCreateRequest) =>
    api<RefreshTokenCreated>('/api/tokens', { json: body }),
  );

export const useRevokeToken = () => useRefetchingMutation(tokensKey, deleteById('/api/tokens'));

export const useAllowance = () =>
  useQuery({ queryKey: ['allowance'], queryFn: () => api<Allowance>('/api/allowance') });
