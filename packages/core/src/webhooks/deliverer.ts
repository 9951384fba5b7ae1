import { webhookDeliveries, webhookEndpoints } from '@countersign/db';
import { type WebhookOutboxPayload, WebhookOutboxPayloadSchema } from '@countersign/schemas';
import { type PostWebhookResult, postWebhook, signWebhook } from '@countersign/webhooks';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { type Deliverer, PermanentDeliveryError } from '../outbox/dispatcher.ts';
import type { OutboxRow } from '../outbox/outbox.ts';
import { newId } from '../support/crypto.ts';
import { SKIPPED_PREFIX, storedEventBody } from './deliveries.ts';
import { signingSecrets, type WebhookEndpointRow } from './endpoints.ts';
import {
  DISABLE_AFTER_FAILING_MS,
  ERROR_SNIPPET_CHARS,
  GIVE_UP_AFTER_MS,
  WEBHOOK_RETRY,
  WEBHOOK_TIMEOUT_MS,
} from './policy.ts';

/** One attempt failed and will be retried (the dispatcher reschedules it with backoff). */
export class WebhookAttemptFailedError extends Error {
  override readonly name = 'WebhookAttemptFailedError';
  readonly code = 'webhook_attempt_failed';
}

export interface WebhookDelivererOptions {
  /** Per attempt; WEBHOOK_TIMEOUT_MS (10 s) unless a test needs it shorter. */
  timeoutMs?: number;
}

const iso = (t: number) => new Date(t).toISOString();
const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

function describeFailure(result: PostWebhookResult): string {
  if (result.status === null) return result.error ?? 'no answer';
  if (result.status >= 300 && result.status < 400)
    return `HTTP ${result.status} (redirects are not followed)`;
  const snippet = result.responseSnippet?.trim().slice(0, ERROR_SNIPPET_CHARS);
  return snippet ? `HTTP ${result.status}: ${snippet}` : `HTTP ${result.status}`;
}

type Verdict = { state: 'delivered' } | { state: 'retry'; error: string } | { state: 'stop'; error: string };

/**
 * Logs one attempt and applies its consequences in one write transaction: a success clears the
 * endpoint's failing streak; 410 Gone disables it; a streak older than 3 days disables it; a
 * delivery failing 3 days after it was queued is given up.
 */
async function recordAttempt(
  ctx: ServiceContext,
  row: OutboxRow,
  payload: WebhookOutboxPayload,
  result: PostWebhookResult,
): Promise<Verdict> {
  const now = ctx.clock.now();
  const ok = isSuccess(result.status);
  const error = ok ? null : describeFailure(result);
  return await ctx.db.transaction(async () => {
    const endpoint = (
      await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, payload.endpointId)).limit(1)
    )[0];
    // Deleted while the request was in flight: its log went with it.
    if (!endpoint) return ok ? { state: 'delivered' } : { state: 'stop', error: 'the endpoint was deleted' };
    await logDelivery(ctx, row, payload, endpoint.id, {
      status: result.status,
      durationMs: result.durationMs,
      error,
      at: now,
    });
    if (ok) {
      if (endpoint.failingSince !== null) {
        await ctx.db
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, endpoint.id));
      }
      return { state: 'delivered' };
    }
    const failure = error ?? 'failed';
    const failingSince = endpoint.failingSince ?? now;
    let disabledReason: string | null = null;
    if (result.status === 410) {
      disabledReason = `the endpoint answered 410 Gone (${iso(now)})`;
    } else if (now - failingSince > DISABLE_AFTER_FAILING_MS) {
      disabledReason = `every delivery failed for over 3 days (since ${iso(failingSince)}); last error: ${failure}`;
    }
    await ctx.db
      .update(webhookEndpoints)
      .set(
        disabledReason !== null && endpoint.disabledAt === null
          ? { failingSince, disabledAt: now, disabledReason }
          : { failingSince },
      )
      .where(eq(webhookEndpoints.id, endpoint.id));
    if (disabledReason !== null) return { state: 'stop', error: `endpoint disabled: ${disabledReason}` };
    if (endpoint.disabledAt !== null)
      return { state: 'stop', error: `endpoint disabled: ${endpoint.disabledReason}` };
    // A refused address is not retried: the guard would refuse it again.
    if (result.errorCode === 'unsafe_target') return { state: 'stop', error: failure };
    if (now - row.createdAt >= GIVE_UP_AFTER_MS) {
      return { state: 'stop', error: `given up after 3 days of retries; last error: ${failure}` };
    }
    return { state: 'retry', error: failure };
  });
}

/** Records that a queued delivery was not attempted because its endpoint is disabled. */
async function recordSkipped(
  ctx: ServiceContext,
  row: OutboxRow,
  payload: WebhookOutboxPayload,
  endpoint: WebhookEndpointRow,
) {
  const error = `${SKIPPED_PREFIX}the endpoint is disabled (${endpoint.disabledReason ?? 'no reason recorded'})`;
  await logDelivery(ctx, row, payload, endpoint.id, {
    status: null,
    durationMs: 0,
    error,
    at: ctx.clock.now(),
  });
  return error;
}

/** One line of the endpoint's delivery log, for this outbox row's attempt. */
async function logDelivery(
  ctx: ServiceContext,
  row: OutboxRow,
  payload: WebhookOutboxPayload,
  endpointId: string,
  outcome: { status: number | null; durationMs: number; error: string | null; at: number },
): Promise<void> {
  await ctx.db.insert(webhookDeliveries).values({
    id: newId(),
    endpointId,
    eventId: payload.event.id,
    eventType: payload.event.type,
    outboxId: row.id,
    attempt: row.attempts,
    ...outcome,
  });
}

/**
 * The outbox deliverer of kind `webhook`: POSTs the event, signed with the endpoint's secret(s),
 * with the event id as `webhook-id` on every attempt. Throws to make the dispatcher retry, or
 * PermanentDeliveryError to stop (endpoint gone or disabled, address refused, 3 days elapsed).
 */
export function webhookDeliverer(ctx: ServiceContext, options: WebhookDelivererOptions = {}): Deliverer {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    retry: WEBHOOK_RETRY,
    async deliver(row: OutboxRow) {
      const parsed = WebhookOutboxPayloadSchema.safeParse(row.payload);
      if (!parsed.success) throw new PermanentDeliveryError('malformed webhook outbox payload');
      const payload = parsed.data;
      const endpoint = (
        await ctx.db
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, payload.endpointId))
          .limit(1)
      )[0];
      if (!endpoint) throw new PermanentDeliveryError(`webhook endpoint ${payload.endpointId} was deleted`);
      if (endpoint.disabledAt !== null)
        throw new PermanentDeliveryError(await recordSkipped(ctx, row, payload, endpoint));

      const body = storedEventBody(row.payload) ?? '';
      const headers = signWebhook({
        id: payload.event.id,
        timestamp: Math.floor(ctx.clock.now() / 1000),
        body,
        secrets: signingSecrets(ctx, endpoint),
      });
      const result = await postWebhook({
        url: endpoint.url,
        headers,
        body,
        timeoutMs,
        allowPrivate: ctx.config.webhookAllowPrivate,
      });
      const verdict = await recordAttempt(ctx, row, payload, result);
      if (verdict.state === 'stop') throw new PermanentDeliveryError(verdict.error);
      if (verdict.state === 'retry') throw new WebhookAttemptFailedError(verdict.error);
    },
  };
}
