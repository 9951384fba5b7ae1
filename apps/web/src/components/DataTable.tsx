import type { ReactNode } from 'react';
import { ConfirmButton } from './ConfirmButton.tsx';

export interface Column<T> {
  /** The header; also each cell's `data-label`, which the narrow layout shows in front of the value. */
  label: string;
  /** Read by screen readers only (an actions column needs no visible header). */
  hideLabel?: boolean;
  cell: (row: T) => ReactNode;
}

/** What a row's destructive action asks before it runs, and on which item (see ConfirmButton). */
export interface RowConfirm {
  subject: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
}

/**
 * The actions column of a list whose rows each have one destructive action (`action`, e.g. "Delete"); `confirm`
 * gives what it asks, or null for a row without it.
 */
export const confirmColumn = <T,>(action: string, confirm: (row: T) => RowConfirm | null): Column<T> => ({
  label: 'Actions',
  hideLabel: true,
  cell: (row) => {
    const props = confirm(row);
    return props ? <ConfirmButton {...props}>{action}</ConfirmButton> : null;
  },
});

/**
 * A table that turns into labelled cards below 640 px (`.responsive` in styles.css). Each column is declared
 * once, so a header and the label its cells carry on a phone cannot disagree.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  className,
}: {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** For screen readers; tables under a visible heading may leave it out. */
  caption?: string;
  className?: string;
}) {
  return (
    <table className={['responsive', className].filter(Boolean).join(' ')}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c.label}>
              {c.hideLabel ? <span className="visually-hidden">{c.label}</span> : c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td data-label={c.label} key={c.label}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
