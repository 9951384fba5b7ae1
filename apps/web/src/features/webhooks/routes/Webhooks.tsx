import type { WebhookEventType } from '@countersign/schemas';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useEnableWebhook,
  useRedeliver,
  useRotateSecret,
  useWebhooks,
  WEBHOOK_EVENTS,
} from '../api/webhooks.ts';

export default function Webhooks() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const rotate = useRotateSecret();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(WEBHOOK_EVENTS));
  const [open, setOpen] = useState<string | null>(null);
  const secret = create.data?.secret ?? rotate.data?.secret;
  const failure = [create, remove, enable, rotate].find((m) => m.isError)?.error;

  return (
    <main className="page" id="main">
      <h1>Webhooks</h1>
      {secret ? (
        <SecretOnce
          title="Signing secret"
          secret={secret}
          onDone={() => {
            create.reset();
            rotate.reset();
          }}
        />
      ) : null}
      <form
        className="card stack"
        aria-labelledby="new-webhook"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ url: url.trim(), events: [...events] }, { onSuccess: () => setUrl('') });
        }}
      >
        <h2 id="new-webhook">New endpoint</h2>
        <label className="field">
          <span>URL</span>
          <input
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://…"
          />
        </label>
        <fieldset className="events">
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev} className="check">
              <input
                type="checkbox"
                checked={events.has(ev)}
                onChange={(e) => {
                  const next = new Set(events);
                  if (e.target.checked) next.add(ev);
                  else next.delete(ev);
                  setEvents(next);
                }}
              />
              {ev}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="primary" disabled={create.isPending || events.size === 0}>
          Add endpoint
        </button>
      </form>
      <ErrorNotice error={failure} />
      {webhooks.isPending ? <Loading /> : null}
      <ErrorNotice error={webhooks.error} />
      {webhooks.data?.webhooks.length === 0 ? <p className="muted">No endpoints yet.</p> : null}
      {webhooks.data?.webhooks.map((w) => (
        <section key={w.webhookId} className="card stack" aria-label={`Endpoint ${w.url}`}>
          <div className="row spread">
            <h2 className="url">{w.url}</h2>
            <span className={`badge ${w.status === 'enabled' ? 'completed' : 'failed'}`}>{w.status}</span>
          </div>
          <p className="muted">
            {w.events.join(', ')} · since {formatDateTime(w.createdAt)}
            {w.disabledReason ? ` · disabled: ${w.disabledReason}` : ''}
          </p>
          <div className="row">
            {w.status === 'disabled' ? (
              <button type="button" className="small" onClick={() => enable.mutate(w.webhookId)}>
                Enable
              </button>
            ) : null}
            <button
              type="button"
              className="small"
              onClick={() => {
                if (confirm('Rotate the secret? The old one keeps working for a while.'))
                  rotate.mutate(w.webhookId);
              }}
            >
              Rotate secret
            </button>
            <button
              type="button"
              className="small"
              aria-expanded={open === w.webhookId}
              onClick={() => setOpen(open === w.webhookId ? null : w.webhookId)}
            >
              Deliveries
            </button>
            <button
              type="button"
              className="small danger"
              onClick={() => {
                if (confirm(`Delete the endpoint ${w.url}?`)) remove.mutate(w.webhookId);
              }}
            >
              Delete
            </button>
          </div>
          {open === w.webhookId ? <Deliveries webhookId={w.webhookId} /> : null}
        </section>
      ))}
    </main>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useDeliveries(webhookId);
  const redeliver = useRedeliver();
  if (deliveries.isPending) return <Loading />;
  if (deliveries.isError) {
    return (
      <p className="notice error" role="alert">
        {errorText(deliveries.error)}
      </p>
    );
  }
  if (!deliveries.data.deliveries.length) return <p className="muted">No deliveries yet.</p>;
  return (
    <table className="responsive">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Event</th>
          <th scope="col">Outcome</th>
          <th scope="col">Details</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.deliveries.map((d) => (
          <tr key={d.deliveryId}>
            <td data-label="When">{formatDateTime(d.at)}</td>
            <td data-label="Event">{d.eventType}</td>
            <td data-label="Outcome">
              <span className={`badge ${d.outcome === 'succeeded' ? 'completed' : 'failed'}`}>
                {d.outcome}
              </span>{' '}
              {d.httpStatus ?? ''}
            </td>
            <td data-label="Details">
              {d.error ?? `${d.durationMs} ms`}
              {'requestBody' in d ? (
                <details>
                  <summary>Request body</summary>
                  <pre>{String((d as { requestBody?: unknown }).requestBody)}</pre>
                </details>
              ) : null}
            </td>
            <td data-label="Actions">
              <button
                type="button"
                className="small"
                disabled={redeliver.isPending}
                onClick={() => redeliver.mutate({ webhookId, deliveryId: d.deliveryId })}
              >
                Redeliver
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
