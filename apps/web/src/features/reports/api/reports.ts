import type { SessionReport } from '@countersign/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The page's choices: a period of whole days (yyyy-mm-dd, both inclusive), its buckets, one template or all. */
export interface ReportFilters {
  from: string;
  to: string;
  interval: 'day' | 'week';
  templateId?: string | undefined;
}

/** The API's query: from the first day's start to the day after the last (its `to` is exclusive). */
export function reportQuery(f: ReportFilters): string {
  const end = new Date(`${f.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const params = new URLSearchParams({
    from: `${f.from}T00:00:00Z`,
    to: end.toISOString(),
    interval: f.interval,
  });
  if (f.templateId) params.set('templateId', f.templateId);
  return params.toString();
}

export const useSessionReport = (f: ReportFilters) =>
  useQuery({
    queryKey: ['reports', 'sessions', f],
    queryFn: () => api<SessionReport>(`/api/reports/sessions?${reportQuery(f)}`),
  });
