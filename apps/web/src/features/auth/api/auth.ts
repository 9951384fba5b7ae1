import type { Scope } from '@countersign/schemas/scopes';
import { useQuery } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../../lib/api-client.ts';

export interface Member {
  memberId: string;
  email: string;
  name: string | null;
  role: 'owner' | 'member';
  createdAt: string;
  lastSignInAt: string | null;
}
export interface Account {
  accountId: string;
  name: string;
  email: string;
  defaultSenderName: string | null;
  /** Told of every session's completion or decline; null: none. */
  outcomeEmail: string | null;
  createdAt: string;
}
export interface Me {
  account: Account;
  member: Member | null;
  csrfToken: string | null;
  /** What the signed-in member may do now: their role's scopes (docs/permissions.md). */
  scopes: Scope[];
  test: boolean;
}

export const meKey = ['me'] as const;

async function fetchMe(): Promise<Me> {
  const me = await api<Me>('/api/me');
  setCsrfToken(me.csrfToken);
  return me;
}

export const useMe = () => useQuery({ queryKey: meKey, queryFn: fetchMe, staleTime: 60_000 });

/**
 * Whether the signed-in member holds `scope` (GET /api/me `scopes`); false while that loads, so a control the
 * member may lack never flashes. The server checks every call again.
 */
export const useHolds = (scope: Scope): boolean => useMe().data?.scopes.includes(scope) ?? false;

export const requestSignInLink = (email: string) =>
  api<{ message: string }>('/api/auth/sign-in', { json: { email }, anonymous: true });

export async function verifySignInLink(token: string): Promise<Me> {
  const me = await api<Me>('/api/auth/sign-in/verify', { json: { token }, anonymous: true });
  setCsrfToken(me.csrfToken);
  return me;
}

/** Whether the server still needs its first account (first run: docs/web-app.md). */
export const useFirstRun = () =>
  useQuery({
    queryKey: ['first-run'],
    queryFn: () => api<{ needed: boolean }>('/api/auth/setup', { anonymous: true }),
    staleTime: 60_000,
  });

export interface FirstRunInput {
  token: string;
  accountName: string;
  name: string;
  email: string;
}

/** Creates the first account and its owner with the printed setup link's token; the owner is signed in. */
export async function completeFirstRun(input: FirstRunInput): Promise<Me> {
  const me = await api<Me>('/api/auth/setup', { json: input, anonymous: true });
  setCsrfToken(me.csrfToken);
  return me;
}

export async function signOut(): Promise<void> {
  await api<void>('/api/auth/sign-out', { method: 'POST' });
  setCsrfToken(null);
}
