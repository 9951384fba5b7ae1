import type { LegalHold, SessionDetail } from '@countersign/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// A session's records lifecycle (docs/evidence.md "Retention and purging"): legal hold and purge, owners only.

const sessionPath = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

export function useLegalHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { sessionId: string; hold: boolean }) =>
      api<LegalHold>(`${sessionPath(v.sessionId)}/legal-hold`, { method: v.hold ? 'PUT' : 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

export function usePurgeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api<SessionDetail>(sessionPath(sessionId), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
