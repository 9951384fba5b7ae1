import type { TemplateSendRequestInput } from '@countersign/schemas';
import {
  EMAIL_MAX_LENGTH,
  FIELD_VALUE_MAX_LENGTH,
  SIGNING_REQUESTS_MAX,
  TEXT_MAX_LENGTH,
} from '@countersign/schemas/limits';
import { EMAIL_PATTERN, unreadable } from '@countersign/schemas/text-rules';
import type { Mapping, Target } from './mapping.ts';
import type { Sheet } from './sheet.ts';

type Entry = TemplateSendRequestInput['signingRequests'][number];

/** A row's problems, named by its row number in the spreadsheet (the header is row 1). */
export interface RowProblem {
  row: number;
  messages: string[];
}

export interface Checked {
  /** What is wrong with the file or the columns as a whole: nothing can be sent until it is fixed. */
  blocking: string[];
  /** The entries of every row without a problem, in file order, and each one's row number. */
  entries: Entry[];
  rows: number[];
  problems: RowProblem[];
}

/**
 * Every row checked by the rules the API applies to an entry (text-rules.ts and limits.ts, the schemas' own),
 * so the preview names each row the API would refuse, and the rows sent are the rows shown as ready. Rows with
 * a problem are left out of the send, never half-sent.
 */
export function checkRows(sheet: Sheet, targets: Target[], mapping: Mapping): Checked {
  const blocking = targets
    .filter((t) => t.kind !== 'field' && mapping[t.key] == null)
    .map((t) => `No column gives ${t.label}.`);
  if (sheet.rows.length > SIGNING_REQUESTS_MAX) {
    blocking.push(
      `The file has ${sheet.rows.length.toLocaleString('en-US')} rows; one send takes at most ${SIGNING_REQUESTS_MAX.toLocaleString('en-US')}.`,
    );
  }
  const entries: Entry[] = [];
  const rows: number[] = [];
  const problems: RowProblem[] = [];
  if (blocking.length > 0) return { blocking, entries, rows, problems };

  const people = targets.flatMap((t) => (t.kind === 'name' ? [t.role] : []));
  const fields = targets.filter((t): t is Extract<Target, { kind: 'field' }> => t.kind === 'field');
  sheet.rows.forEach((cells, index) => {
    const cell = (key: string) => {
      const column = mapping[key];
      return column == null ? '' : (cells[column] ?? '').trim();
    };
    const messages: string[] = [];
    const recipients = people.map((role) => {
      const name = cell(`name:${role}`);
      const email = cell(`email:${role}`);
      const nameProblem =
        name === ''
          ? 'is empty'
          : name.length > TEXT_MAX_LENGTH
            ? `is longer than ${TEXT_MAX_LENGTH}`
            : unreadable(name);
      if (nameProblem) messages.push(`${role} name ${nameProblem}.`);
      if (email === '') messages.push(`${role} email is empty.`);
      else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
        messages.push(`${role} email “${email.slice(0, 80)}” is not an email address.`);
      }
      return { label: role, name, email };
    });
    const values: { label: string; value: string }[] = [];
    for (const f of fields) {
      const value = cell(f.key);
      if (value === '') {
        if (f.required) messages.push(`${f.label} is required.`);
        continue;
      }
      if (value.length > FIELD_VALUE_MAX_LENGTH)
        messages.push(`${f.label} is longer than ${FIELD_VALUE_MAX_LENGTH}.`);
      values.push({ label: f.field, value });
    }
    const row = index + 2;
    if (messages.length > 0) {
      problems.push({ row, messages });
      return;
    }
    entries.push(values.length > 0 ? { recipients, fields: values } : { recipients });
    rows.push(row);
  });
  return { blocking, entries, rows, problems };
}
