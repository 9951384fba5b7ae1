import type { ReactNode } from 'react';

export interface Column<T> {
  /** The header; also each cell's `data-label`, which the narrow layout shows in front of the value. */
  label: string;
  /** Read by screen readers only (an actions column needs no visible header). */
  hideLabel?: boolean;
  cell: (row: T) => ReactNode;
}

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
