import type { ActivityEvent } from '@countersign/schemas';

// The activity log as CSV (RFC 4180): a header line, then one line per event, CRLF line ends. Opened in a
// spreadsheet, a cell starting with = + - or @ would be a formula: such a value is prefixed with `'`.

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

/** One cell: formula-safe, quoted when it holds a quote, a comma or a line break (quotes doubled). */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: (string | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

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
