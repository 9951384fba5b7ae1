import {
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookOutboxPayload,
  type WebhookTestEvent,
  type WebhookTestQueued,
} from '@countersign/schemas';
import type { ServiceContext } from '../context.ts';
import { newEventId } from '../events/emit.ts';
import { addToOutbox } from '../outbox/outbox.ts';
import { assertEnabled, endpointOf } from './endpoints.ts';

/**
 * Queues a `webhook.test` event for this endpoint only, through the outbox like every event: signed with
 * its secret(s), logged in its deliveries, retried on failure, redeliverable. Refused for a disabled
 * endpoint (it would only be skipped).
 */
export async function sendWebhookTestEvent(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
): Promise<WebhookTestQueued> {
  const event: WebhookTestEvent = {
    id: newEventId(),
    type: WEBHOOK_TEST_EVENT_TYPE,
    createdAt: new Date(ctx.clock.now()).toISOString(),
    data: {
      webhookId,
      message: 'A test event from Countersign: the endpoint receives and verifies events.',
    },
  };
  await ctx.db.transaction(async () => {
    assertEnabled(await endpointOf(ctx, accountId, webhookId));
    const payload: WebhookOutboxPayload = { endpointId: webhookId, event };
    await addToOutbox(ctx, { kind: 'webhook', accountId, payload });
  });
  ctx.outbox.kick();
  return { webhookId, eventId: event.id, eventType: WEBHOOK_TEST_EVENT_TYPE };
}
