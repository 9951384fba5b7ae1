import type { ActivityEvent } from '@countersign/schemas';
import { csvLine } from '../support/csv.ts';

// The activity log as CSV (support/csv.ts): a header line, then one line per event.

export const ACTIVITY_CSV_COLUMNS = [
  'at',
  'action',
  'actor_kind',
  'actor_id',
  'actor',
  'target_kind',
  'target_id',
  'details',
  'ip',
  'user_agent',
] as const;

export const activityCsvHeader = (): string => csvLine([...ACTIVITY_CSV_COLUMNS]);

export const activityCsvLine = (e: ActivityEvent): string =>
  csvLine([
    e.at,
    e.action,
    e.actor.kind,
    e.actor.id,
    e.actor.label,
    e.target?.kind ?? null,
    e.target?.id ?? null,
    e.details === null ? null : JSON.stringify(e.details),
    e.ip,
    e.userAgent,
  ]);
