import type { WebhookEndpoint, WebhookEventType } from '@countersign/schemas';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { SecretOnce } from '../../../components/SecretOnce.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhooks,
  WEBHOOK_EVENTS,
} from '../api/webhooks.ts';
import { Deliveries } from '../components/Deliveries.tsx';
import { EventPicker } from '../components/EventPicker.tsx';

export default function Webhooks() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const rotate = useRotateSecret();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(WEBHOOK_EVENTS));
  const secret = create.data?.secret ?? rotate.data?.secret;

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
      <Form
        className="card stack"
        aria-labelledby="new-webhook"
        onSubmit={() =>
          create.mutate(
            { url: url.trim(), events: [...events] },
            {
              onSuccess: () => {
                setUrl('');
                setEvents(new Set(WEBHOOK_EVENTS));
              },
            },
          )
        }
      >
        <h2 id="new-webhook">New endpoint</h2>
        <TextField label="URL" type="url" required value={url} onValue={setUrl} placeholder="https://…" />
        <EventPicker value={events} onChange={setEvents} />
        <button type="submit" className="primary" disabled={create.isPending || events.size === 0}>
          Add endpoint
        </button>
      </Form>
      <ErrorNotice error={create.error ?? rotate.error} />
      {webhooks.isPending ? <Loading /> : null}
      <ErrorNotice error={webhooks.error} />
      {webhooks.data?.webhooks.length === 0 ? <p className="muted">No endpoints yet.</p> : null}
      {webhooks.data?.webhooks.map((w) => (
        <Endpoint key={w.webhookId} endpoint={w} onRotate={() => rotate.mutate(w.webhookId)} />
      ))}
    </main>
  );
}

/** One endpoint: its state, the actions on it, its event picker when editing, its deliveries when open. */
function Endpoint({ endpoint: w, onRotate }: { endpoint: WebhookEndpoint; onRotate(): void }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const [editing, setEditing] = useState<Set<WebhookEventType> | null>(null);
  const [open, setOpen] = useState(false);
  const enabled = w.status === 'enabled';
  const failure = [update, remove, test].find((m) => m.isError)?.error;

  return (
    <section className="card stack" aria-label={`Endpoint ${w.url}`}>
      <div className="row spread">
        <h2 className="url">{w.url}</h2>
        <span className={`badge ${enabled ? 'completed' : 'failed'}`} data-testid="webhook-status">
          {w.status}
        </span>
      </div>
      <p className="muted">
        {w.events.join(', ')} · since {formatDateTime(w.createdAt)}
        {w.disabledReason ? ` · disabled: ${w.disabledReason}` : ''}
        {w.previousSecretExpiresAt
          ? ` · the previous secret also signs until ${formatDateTime(w.previousSecretExpiresAt)}`
          : ''}
      </p>
      {editing ? (
        <Form
          className="stack"
          aria-label="Events to deliver"
          onSubmit={() =>
            update.mutate(
              { webhookId: w.webhookId, change: { events: [...editing] } },
              { onSuccess: () => setEditing(null) },
            )
          }
        >
          <EventPicker value={editing} onChange={setEditing} />
          <div className="row">
            <button type="submit" className="small primary" disabled={update.isPending || editing.size === 0}>
              Save events
            </button>
            <button type="button" className="small" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </Form>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="small"
          disabled={update.isPending}
          onClick={() => update.mutate({ webhookId: w.webhookId, change: { enabled: !enabled } })}
        >
          {enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button
          type="button"
          className="small"
          disabled={!enabled || test.isPending}
          onClick={() => test.mutate(w.webhookId, { onSuccess: () => setOpen(true) })}
        >
          Send test event
        </button>
        {editing ? null : (
          <button type="button" className="small" onClick={() => setEditing(new Set(w.events))}>
            Edit events
          </button>
        )}
        <button
          type="button"
          className="small"
          onClick={() => {
            if (confirm('Rotate the secret? The old one keeps signing for 24 hours.')) onRotate();
          }}
        >
          Rotate secret
        </button>
        <button type="button" className="small" aria-expanded={open} onClick={() => setOpen(!open)}>
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
      {test.isSuccess ? (
        <p className="notice ok wrap-anywhere" role="status">
          Test event {test.data.eventId} queued: its delivery appears in the log below.
        </p>
      ) : null}
      <ErrorNotice error={failure} />
      {open ? <Deliveries webhookId={w.webhookId} disabled={!enabled} /> : null}
    </section>
  );
}
