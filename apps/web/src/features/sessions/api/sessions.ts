import type { AuditTrail, SessionDetail, SessionList, SessionsRemindResponse } from '@countersign/schemas';
import { REMIND_SESSIONS_MAX } from '@countersign/schemas/limits';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setDayRange } from '../../../lib/format.ts';
import { useRefetchingMutation } from '../../../lib/mutations.ts';

export interface SessionFilters {
  status?: string;
  templateId?: string;
  bulkSendBatchId?: string;
  /** Exact recipient email or part of the title. */
  q?: string;
  /** Starts of a recipient's name words, or of an email (the API's `recipient`, index-backed). */
  recipient?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  /** `test`: test sessions only; `all`: both; absent: live sessions only (the default view). */
  mode?: string;
}

/** How often a watched list or session is re-read: "updates without a reload while you watch". */
export const POLL_MS = 3000;

function query(filters: SessionFilters, cursor?: string): string {
  const params = new URLSearchParams({ limit: '25' });
  const { mode, ...rest } = filters;
  for (const [k, v] of Object.entries(rest)) if (v) params.set(k, v);
  // Test sessions (docs/test-mode.md) are out of the way unless asked for.
  if (mode !== 'all') params.set('test', mode === 'test' ? 'true' : 'false');
  setDayRange(params, filters);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const useSessions = (filters: SessionFilters) =>
  useInfiniteQuery({
    queryKey: ['sessions', filters],
    queryFn: ({ pageParam }) => api<SessionList>(`/api/sessions?${query(filters, pageParam)}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: POLL_MS,
  });

export const useSession = (id: string | undefined) =>
  useQuery({
    queryKey: ['sessions', 'detail', id],
    queryFn: () => api<SessionDetail>(`/api/sessions/${encodeURIComponent(id!)}`),
    enabled: !!id,
    // Watched while something is still to happen: signatures, or a purge under way (a job elsewhere).
    refetchInterval: (q) => {
      const s = q.state.data;
      return s?.status === 'active' || s?.purge?.state === 'pending' ? POLL_MS : false;
    },
  });

/** A write about sessions: the list and every session shown are read again after it. */
export const useSessionMutation = <A, R>(fn: (arg: A) => Promise<R>) =>
  useRefetchingMutation(['sessions'], fn);

export const useCancelSession = () =>
  useSessionMutation((v: { sessionId: string; reason?: string }) =>
    api('/api/sessions/cancel', {
      json: { sessionId: v.sessionId, ...(v.reason ? { reason: v.reason } : {}) },
    }),
  );

/** `POST /api/sessions/remind` for the selected sessions, a hundred at a time; the results of every call. */
export const useRemindSessions = () =>
  useSessionMutation(async (sessionIds: string[]) => {
    const results: SessionsRemindResponse['results'] = [];
    for (let i = 0; i < sessionIds.length; i += REMIND_SESSIONS_MAX) {
      const chunk = sessionIds.slice(i, i + REMIND_SESSIONS_MAX);
      results.push(
        ...(await api<SessionsRemindResponse>('/api/sessions/remind', { json: { sessionIds: chunk } }))
          .results,
      );
    }
    return results;
  });

/**
 * `POST /api/sessions/cancel` for each selected session, one after another (the contract's route cancels one);
 * a refusal stops nothing: each session's outcome is returned.
 */
export const useCancelSessions = () =>
  useSessionMutation(async ({ sessionIds, reason }: { sessionIds: string[]; reason?: string }) => {
    const outcomes: { sessionId: string; error?: string }[] = [];
    for (const sessionId of sessionIds) {
      try {
        await api('/api/sessions/cancel', { json: { sessionId, ...(reason ? { reason } : {}) } });
        outcomes.push({ sessionId });
      } catch (err) {
        outcomes.push({ sessionId, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return outcomes;
  });

export const useResendInvite = () =>
  useSessionMutation((v: { sessionId: string; participantId: string }) =>
    api(
      `/api/sessions/${encodeURIComponent(v.sessionId)}/participants/${encodeURIComponent(v.participantId)}/resend`,
      { method: 'POST' },
    ),
  );

export const signingLink = async (sessionId: string, participantId: string) =>
  (
    await api<{ url: string }>(
      `/api/sessions/${encodeURIComponent(sessionId)}/participants/${encodeURIComponent(participantId)}/link`,
    )
  ).url;

/** `GET /api/sessions/{id}/audit`: the hash-chained trail, re-read while the session is watched. */
export const useAuditTrail = (id: string, watching: boolean) =>
  useQuery({
    queryKey: ['sessions', 'detail', id, 'audit'],
    queryFn: () => api<AuditTrail>(`/api/sessions/${encodeURIComponent(id)}/audit`),
    refetchInterval: watching ? POLL_MS : false,
  });

export const auditDownloads = (id: string) => ({
  json: `/api/sessions/${encodeURIComponent(id)}/audit`,
  csv: `/api/sessions/${encodeURIComponent(id)}/audit.csv`,
});
