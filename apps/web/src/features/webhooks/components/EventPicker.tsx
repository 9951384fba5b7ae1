import type { WebhookEventType } from '@countersign/schemas';
import { eventHint, WEBHOOK_EVENTS } from '../api/webhooks.ts';

/** Checkboxes for the event types an endpoint receives (at least one: the API refuses an empty list). */
export function EventPicker({
  value,
  onChange,
}: {
  value: ReadonlySet<WebhookEventType>;
  onChange(next: Set<WebhookEventType>): void;
}) {
  return (
    <fieldset className="events">
      <legend>Events</legend>
      {WEBHOOK_EVENTS.map((ev) => (
        <label key={ev} className="check" title={eventHint(ev)}>
          <input
            type="checkbox"
            checked={value.has(ev)}
            onChange={(e) => {
              const next = new Set(value);
              if (e.target.checked) next.add(ev);
              else next.delete(ev);
              onChange(next);
            }}
          />
          {ev}
        </label>
      ))}
    </fieldset>
  );
}
