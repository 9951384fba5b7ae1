import type { WebhookEventType } from '@countersign/schemas';
import { CheckboxGroup } from '../../../components/CheckboxGroup.tsx';
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
    <CheckboxGroup
      legend="Events"
      className="events"
      choices={WEBHOOK_EVENTS}
      value={value}
      onChange={onChange}
      title={eventHint}
    />
  );
}
