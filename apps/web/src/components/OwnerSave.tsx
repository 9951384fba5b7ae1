import type { ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice.tsx';

/**
 * The end of a settings form only an owner may change: the save button (a note for other members), then what
 * the last save did, or the server's reason it failed.
 */
export function OwnerSave({
  canAdminister,
  save,
  label,
  notOwner = 'Only an owner can change these.',
  saved,
}: {
  canAdminister: boolean;
  save: { isPending: boolean; isSuccess: boolean; error: unknown };
  label: string;
  notOwner?: string;
  /** Shown once the save succeeded. */
  saved: ReactNode;
}) {
  return (
    <>
      {canAdminister ? (
        <button type="submit" className="primary" disabled={save.isPending}>
          {label}
        </button>
      ) : (
        <p className="muted">{notOwner}</p>
      )}
      {save.isSuccess ? <p role="status">{saved}</p> : null}
      <ErrorNotice error={save.error} inline />
    </>
  );
}
