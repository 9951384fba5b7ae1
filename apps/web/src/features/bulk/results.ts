import type { TemplateSendResponse } from '@countersign/schemas';
import Papa from 'papaparse';
import type { Checked } from './check.ts';

/**
 * The send's results as CSV, one line per spreadsheet row sent: its row number, each role's name and email,
 * the outcome, the session id or the reason, and each role's signing link when emails were off (the links are
 * in this answer only). Rows left out by the preview are listed too, with their problems.
 */
export function resultsCsv(roles: string[], checked: Checked, result: TemplateSendResponse): string {
  const invites = new Map(result.invites.map((i) => [i.sessionId, i]));
  const outcomes = new Map(result.instantiation.sessions.map((s, i) => [s.rowIndex ?? i, s]));
  const header = [
    'row',
    ...roles.flatMap((r) => [`${r} name`, `${r} email`]),
    'status',
    'sessionId',
    'error',
    ...roles.map((r) => `${r} link`),
  ];
  const sent = checked.entries.map((entry, i) => {
    const outcome = outcomes.get(i);
    const invite = outcome?.sessionId ? invites.get(outcome.sessionId) : undefined;
    return [
      String(checked.rows[i]),
      ...entry.recipients.flatMap((r) => [r.name ?? '', r.email]),
      outcome?.status ?? 'error',
      outcome?.sessionId ?? '',
      outcome?.error ?? '',
      ...roles.map((_, r) => invite?.participants[r]?.signingUrl ?? ''),
    ];
  });
  const left = checked.problems.map((p) => [
    String(p.row),
    ...roles.flatMap(() => ['', '']),
    'not sent',
    '',
    p.messages.join(' '),
    ...roles.map(() => ''),
  ]);
  const lines = [...sent, ...left].sort((a, b) => Number(a[0]) - Number(b[0]));
  // A cell starting with = + - @ is quoted with a leading ' so a spreadsheet shows it and runs nothing.
  return Papa.unparse([header, ...lines], { escapeFormulae: true });
}

/** Hands `text` to the browser as a file download. */
export function download(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
