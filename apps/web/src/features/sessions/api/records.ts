import type { LegalHold, SessionDetail } from '@countersign/schemas';
import { api } from '../../../lib/api-client.ts';
import { useSessionMutation } from './sessions.ts';

// A session's records lifecycle (docs/evidence.md "Retention and purging"): legal hold and purge, owners only.

const sessionPath = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

export const useLegalHold = () =>
  useSessionMutation((v: { sessionId: string; hold: boolean }) =>
    api<LegalHold>(`${sessionPath(v.sessionId)}/legal-hold`, { method: v.hold ? 'PUT' : 'DELETE' }),
  );

export const usePurgeSession = () =>
  useSessionMutation((sessionId: string) => api<SessionDetail>(sessionPath(sessionId), { method: 'DELETE' }));
