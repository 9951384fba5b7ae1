import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { ApiError } from '../../../lib/api-client.ts';

interface FailedDocument {
  filename: string;
  message: string;
}

/** A refused send in the server's words, and each document it rejected with the reason (422 `failedDocuments`). */
export function SendError({ error }: { error: unknown }) {
  const failed =
    error instanceof ApiError
      ? ((error.body as { failedDocuments?: FailedDocument[] } | null)?.failedDocuments ?? [])
      : [];
  if (failed.length === 0) return <ErrorNotice error={error} />;
  return (
    <div className="notice error" role="alert">
      <p>Not sent: these documents cannot be signed as they are.</p>
      <ul>
        {failed.map((d) => (
          <li key={d.filename}>
            <strong>{d.filename}</strong>: {d.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
