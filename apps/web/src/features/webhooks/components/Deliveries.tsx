import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeliveries, useRedeliver } from '../api/webhooks.ts';

/** The endpoint's delivery attempts, newest first: what was sent, what came back, and a redeliver button. */
export function Deliveries({ webhookId, disabled }: { webhookId: string; disabled: boolean }) {
  const deliveries = useDeliveries(webhookId);
  const redeliver = useRedeliver();
  if (deliveries.isPending) return <Loading />;
  if (deliveries.isError) return <ErrorNotice error={deliveries.error} />;
  if (!deliveries.data.deliveries.length) return <p className="muted">No deliveries yet.</p>;
  return (
    <>
      <ErrorNotice error={redeliver.error} />
      {redeliver.isSuccess ? (
        <p className="notice ok" role="status">
          Queued again: the new attempt appears below.
        </p>
      ) : null}
      <DataTable
        className="deliveries"
        caption="Deliveries, newest first"
        rows={deliveries.data.deliveries}
        rowKey={(d) => d.deliveryId}
        columns={[
          { label: 'When', cell: (d) => formatDateTime(d.at) },
          {
            label: 'Event',
            cell: (d) => (
              <>
                {d.eventType}
                {d.attempt > 1 ? <span className="muted"> · attempt {d.attempt}</span> : null}
              </>
            ),
          },
          {
            label: 'Outcome',
            cell: (d) => (
              <>
                <span className={`badge ${d.outcome === 'succeeded' ? 'completed' : 'failed'}`}>
                  {d.outcome}
                </span>
                {d.httpStatus !== null ? <span data-testid="http-status"> HTTP {d.httpStatus}</span> : null}
              </>
            ),
          },
          {
            label: 'Details',
            cell: (d) => (
              <div className="delivery-details">
                <span className={d.error ? 'error-text' : 'muted'}>{d.error ?? `${d.durationMs} ms`}</span>
                {d.requestBody !== null ? (
                  <details>
                    <summary>Request body</summary>
                    <pre>{prettyJson(d.requestBody)}</pre>
                  </details>
                ) : null}
              </div>
            ),
          },
          {
            label: 'Actions',
            hideLabel: true,
            cell: (d) => (
              <button
                type="button"
                className="small"
                disabled={redeliver.isPending || disabled}
                aria-label={`Redeliver ${d.eventType} of ${formatDateTime(d.at)}`}
                onClick={() => redeliver.mutate({ webhookId, deliveryId: d.deliveryId })}
              >
                Redeliver
              </button>
            ),
          },
        ]}
      />
    </>
  );
}

/** Shown indented for reading; the bytes sent are the compact form. */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
