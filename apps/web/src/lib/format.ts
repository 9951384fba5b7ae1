const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dateTime.format(new Date(iso)) : '—';
const instant = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });
/** To the second, with the time zone: what an audit trail states. */
export const formatInstant = (iso: string) => instant.format(new Date(iso));
export const formatDate = (iso: string | null | undefined) => (iso ? dateOnly.format(new Date(iso)) : '—');

/** `from` and `to` days (yyyy-mm-dd, inclusive, the browser's time zone) as the API's ISO times. */
export function setDayRange(params: URLSearchParams, days: { from?: string; to?: string }): void {
  if (days.from) params.set('from', new Date(`${days.from}T00:00:00`).toISOString());
  if (days.to) params.set('to', new Date(`${days.to}T23:59:59.999`).toISOString());
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
