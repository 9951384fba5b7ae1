import type { ReactNode } from 'react';
import { type Column, DataTable } from './DataTable.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';
import { Loading } from './Loading.tsx';

/**
 * A list the server gives: loading, the server's error, that there is nothing yet (the children, e.g. "No
 * files yet."), or the table of its rows.
 */
export function QueryTable<T>({
  query,
  rows,
  rowKey,
  columns,
  children,
}: {
  query: { isPending: boolean; error: unknown };
  /** The rows once loaded. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  columns: Column<T>[];
  /** What the list says when it is empty. */
  children: ReactNode;
}) {
  return (
    <>
      {query.isPending ? <Loading /> : null}
      <ErrorNotice error={query.error} />
      {rows?.length === 0 ? <p className="muted">{children}</p> : null}
      {rows?.length ? <DataTable rows={rows} rowKey={rowKey} columns={columns} /> : null}
    </>
  );
}
