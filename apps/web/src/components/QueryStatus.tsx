import { ErrorNotice } from './ErrorNotice.tsx';
import { Loading } from './Loading.tsx';

/** What a list shows instead of rows: loading, the server's error, or that there is nothing yet. */
export function QueryStatus({
  query,
  empty,
  emptyText,
}: {
  query: { isPending: boolean; error: unknown };
  /** True once loaded with no rows. */
  empty: boolean;
  emptyText: string;
}) {
  return (
    <>
      {query.isPending ? <Loading /> : null}
      <ErrorNotice error={query.error} />
      {empty ? <p className="muted">{emptyText}</p> : null}
    </>
  );
}
