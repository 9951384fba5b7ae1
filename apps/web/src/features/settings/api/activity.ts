import type { ActivityList } from '@countersign/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setDayRange } from '../../../lib/format.ts';

export interface ActivityFilters {
  /** An action or a prefix (`token.`). */
  action?: string;
  /** `member:<id>`, `token`, `cli` or `system`. */
  who?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}

/** The query string of GET /api/activity and its CSV export for these filters. */
export function activityQuery(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.action) params.set('action', filters.action);
  if (filters.who) {
    const [kind, id] = filters.who.split(':');
    params.set('actorKind', kind!);
    if (id) params.set('actorId', id);
  }
  setDayRange(params, filters);
  return params;
}

export const activityExportUrl = (filters: ActivityFilters) => {
  const qs = activityQuery(filters).toString();
  return `/api/activity/export.csv${qs ? `?${qs}` : ''}`;
};

export const useActivity = (filters: ActivityFilters, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['activity', filters],
    queryFn: ({ pageParam }) => {
      const params = activityQuery(filters);
      params.set('limit', '25');
      if (pageParam) params.set('cursor', pageParam);
      return api<ActivityList>(`/api/activity?${params.toString()}`);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
