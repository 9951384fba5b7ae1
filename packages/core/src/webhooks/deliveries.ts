import { webhookDeliveries } from '@countersign/db';
import {
  type WebhookDelivery,
  type WebhookDeliveryEventType,
  type WebhookDeliveryList,
  type WebhookDeliveryListQuery,
  WebhookOutboxPayloadSchema,
  type WebhookRedeliveryQueued,
} from '@countersign/schemas';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { addToOutbox, getOutboxRow, getOutboxRows } from '../outbox/outbox.ts';
import { decodeCursor, keysetPage } from '../support/cursor.ts';
import { DomainError } from '../support/errors.ts';
import { rowWhere } from '../support/row-where.ts';
import { assertEnabled, endpointOf } from './endpoints.ts';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Error text of an attempt that was not made because the endpoint was disabled. */
export const SKIPPED_PREFIX = 'not sent: ';

/**
 * The bytes a delivery of this stored payload POSTs: the stored event serialised as stored (not a parsed
 * copy), so every attempt and redelivery sends the same body and the log shows exactly that body.
 */
export function storedEventBody(payload: unknown): string | null {
  const event = (payload as { event?: unknown } | null)?.event;
  return event === undefined ? null : JSON.stringify(event);
}

function view(row: DeliveryRow, requestBody: string | null): WebhookDelivery {
  const ok = row.status !== null && row.status >= 200 && row.status < 300;
  const skipped = row.status === null && (row.error ?? '').startsWith(SKIPPED_PREFIX);
  return {
    deliveryId: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookDeliveryEventType,
    attempt: row.attempt,
    outcome: ok ? 'succeeded' : skipped ? 'skipped' : 'failed',
    httpStatus: row.status,
    durationMs: row.durationMs,
    error: row.error,
    requestBody,
    at: new Date(row.at).toISOString(),
  };
}

/** The endpoint's delivery attempts, newest first, keyset-paged. */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
  query: WebhookDeliveryListQuery,
): Promise<WebhookDeliveryList> {
  await endpointOf(ctx, accountId, webhookId);
  const conditions = [eq(webhookDeliveries.endpointId, webhookId)];
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor);
    conditions.push(
      or(lt(webhookDeliveries.at, at), and(eq(webhookDeliveries.at, at), lt(webhookDeliveries.id, id)))!,
    );
  }
  const rows = await ctx.db
    .select({ row: webhookDeliveries })
    .from(webhookDeliveries)
    .where(and(...conditions))
    // Attempts logged in the same millisecond (a batch, a test clock) keep their order: ids sort as made.
    .orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.row.at, r.row.id]);
  const bodies = new Map(
    (await getOutboxRows(ctx, [...new Set(page.map((r) => r.row.outboxId))])).map((o) => [
      o.id,
      storedEventBody(o.payload),
    ]),
  );
  return {
    deliveries: page.map((r) => view(r.row, bodies.get(r.row.outboxId) ?? null)),
    nextCursor,
  };
}

/**
 * Queues the event of a logged attempt again, unchanged: same body, same event id (so the same
 * `webhook-id`), fresh retries. Refused for a disabled endpoint: it would only be skipped.
 */
export async function redeliverWebhook(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookRedeliveryQueued> {
  const queued = await ctx.db.transaction(async () => {
    const endpoint = await endpointOf(ctx, accountId, webhookId);
    const delivery = await rowWhere(ctx.db, webhookDeliveries, { id: deliveryId, endpointId: webhookId });
    const original = delivery ? await getOutboxRow(ctx, delivery.outboxId) : undefined;
    if (!delivery || !original) {
      throw new DomainError(
        'webhook_delivery_not_found',
        `delivery ${deliveryId} of webhook ${webhookId} was not found`,
      );
    }
    assertEnabled(endpoint);
    const { event } = WebhookOutboxPayloadSchema.parse(original.payload);
    // The stored event as it was, not the parsed copy: the body must stay byte-for-byte the same.
    const storedEvent = (original.payload as { event: unknown }).event;
    await addToOutbox(ctx, {
      kind: 'webhook',
      accountId,
      // Its sessionId (when the event is a session's) lets a purge find the copy as well.
      payload: {
        endpointId: webhookId,
        sessionId: (original.payload as { sessionId?: string }).sessionId,
        event: storedEvent,
      },
    });
    return { webhookId, eventId: event.id, eventType: event.type };
  });
  ctx.outbox.kick();
  return queued;
}
