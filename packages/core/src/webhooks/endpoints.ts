import { webhookEndpoints } from '@countersign/db';
import {
  type WebhookCreated,
  type WebhookCreateRequest,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookSecretRotated,
  type WebhookUpdateRequest,
  webhookEventTypes,
} from '@countersign/schemas';
import { assertPublicUrl, generateWebhookSecret, UnsafeWebhookTargetError } from '@countersign/webhooks';
import { and, asc, count, eq } from 'drizzle-orm';
import { getAccount } from '../accounts/accounts.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { rowWhere } from '../support/row-where.ts';
import { MAX_ENDPOINTS_PER_ACCOUNT, SECRET_GRACE_MS } from './policy.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

/** The events an endpoint receives, in the canonical order; null (every type) lists the current ones. */
const eventsOf = (row: WebhookEndpointRow): WebhookEventType[] =>
  webhookEventTypes.filter((t) => row.events === null || row.events.includes(t));

/** The secrets that sign a delivery now: the current one, and the previous one during its grace period. */
export function signingSecrets(ctx: ServiceContext, row: WebhookEndpointRow): string[] {
  const key = ctx.secrets.dataKey;
  const secrets = [key.decrypt(row.secret)];
  if (row.previousSecret && (row.previousSecretExpiresAt ?? 0) > ctx.clock.now()) {
    secrets.push(key.decrypt(row.previousSecret));
  }
  return secrets;
}

export function endpointView(ctx: ServiceContext, row: WebhookEndpointRow): WebhookEndpoint {
  const inGrace = row.previousSecret !== null && (row.previousSecretExpiresAt ?? 0) > ctx.clock.now();
  return {
    webhookId: row.id,
    url: row.url,
    events: eventsOf(row),
    status: row.disabledAt === null ? 'enabled' : 'disabled',
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt: inGrace ? iso(row.previousSecretExpiresAt) : null,
    createdAt: iso(row.createdAt)!,
  };
}

/** An endpoint of this account, or 404: another account's endpoint does not exist for the caller. */
export async function endpointOf(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
): Promise<WebhookEndpointRow> {
  const row = await rowWhere(ctx.db, webhookEndpoints, { id: webhookId, accountId });
  if (!row) throw new DomainError('webhook_not_found', `webhook ${webhookId} was not found`);
  return row;
}

/** Nothing is sent to a disabled endpoint: a redelivery or test event would only be skipped. */
export function assertEnabled(endpoint: WebhookEndpointRow): void {
  if (endpoint.disabledAt !== null) {
    throw new DomainError(
      'webhook_disabled',
      `webhook ${endpoint.id} is disabled (${endpoint.disabledReason ?? 'no reason recorded'}); enable it first`,
    );
  }
}

/** The stored form of an event list: null = every type, including types added later. */
const storedEvents = (events: readonly WebhookEventType[] | null | undefined) =>
  events ? webhookEventTypes.filter((t) => events.includes(t)) : null;

/** Registration-time SSRF guard; deliveries check again at connect time. */
async function assertSafeUrl(ctx: ServiceContext, url: string): Promise<void> {
  try {
    await assertPublicUrl(url, { allowPrivate: ctx.config.webhookAllowPrivate });
  } catch (err) {
    if (err instanceof UnsafeWebhookTargetError)
      throw new DomainError('unsafe_webhook_url', `url: ${err.message}`);
    throw err;
  }
}

/** Registers an endpoint; the answer carries its secret, the only time it is shown. */
export async function createWebhookEndpoint(
  ctx: ServiceContext,
  accountId: string,
  input: WebhookCreateRequest,
  alsoInTransaction?: (webhookId: string) => Promise<void>,
): Promise<WebhookCreated> {
  await getAccount(ctx, accountId);
  await assertSafeUrl(ctx, input.url);
  const secret = generateWebhookSecret();
  const row: WebhookEndpointRow = {
    id: newId(),
    accountId,
    url: input.url,
    events: storedEvents(input.events),
    secret: ctx.secrets.dataKey.encrypt(secret),
    previousSecret: null,
    previousSecretExpiresAt: null,
    createdAt: ctx.clock.now(),
    failingSince: null,
    disabledAt: null,
    disabledReason: null,
  };
  await ctx.db.transaction(async () => {
    const [existing] = await ctx.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId));
    if ((existing?.n ?? 0) >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw new DomainError(
        'webhook_limit_reached',
        `an account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first`,
      );
    }
    await ctx.db.insert(webhookEndpoints).values(row);
    await alsoInTransaction?.(row.id);
  });
  return { webhookId: row.id, url: row.url, events: eventsOf(row), secret, createdAt: iso(row.createdAt)! };
}

export async function listWebhookEndpoints(
  ctx: ServiceContext,
  accountId: string,
): Promise<WebhookEndpoint[]> {
  return (
    await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  ).map((row) => endpointView(ctx, row));
}

export async function getWebhookEndpoint(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
): Promise<WebhookEndpoint> {
  return endpointView(ctx, await endpointOf(ctx, accountId, webhookId));
}

/** Deletes the endpoint and its delivery log; queued deliveries for it stop at their next attempt. */
export async function deleteWebhookEndpoint(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
): Promise<void> {
  await endpointOf(ctx, accountId, webhookId);
  await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.accountId, accountId)));
}

/**
 * A new secret. The current one becomes the previous one and keeps signing for SECRET_GRACE_MS
 * (receivers accept either signature), so integrators can deploy the new secret without dropping
 * deliveries. Rotating again within the grace period retires the older previous secret at once.
 */
export async function rotateWebhookSecret(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
  alsoInTransaction?: () => Promise<void>,
): Promise<WebhookSecretRotated> {
  const secret = generateWebhookSecret();
  const expiresAt = ctx.clock.now() + SECRET_GRACE_MS;
  await ctx.db.transaction(async () => {
    const row = await endpointOf(ctx, accountId, webhookId);
    await ctx.db
      .update(webhookEndpoints)
      .set({
        secret: ctx.secrets.dataKey.encrypt(secret),
        previousSecret: row.secret,
        previousSecretExpiresAt: expiresAt,
      })
      .where(eq(webhookEndpoints.id, webhookId));
    await alsoInTransaction?.();
  });
  return { webhookId, secret, previousSecretExpiresAt: iso(expiresAt)! };
}

/** Re-enables a disabled endpoint with a clean failing streak (its URL is checked again). */
export function enableWebhookEndpoint(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
  alsoInTransaction?: (changed: boolean) => Promise<void>,
): Promise<WebhookEndpoint> {
  return updateWebhookEndpoint(ctx, accountId, webhookId, { enabled: true }, alsoInTransaction);
}

/** Why an endpoint the account turned off is disabled (the service's own reasons name a failure). */
export const TURNED_OFF_REASON = 'turned off by the account';

/**
 * Changes the event types and/or turns the endpoint off or on. Turning it on clears the failing streak and
 * checks the URL again; turning off an endpoint the service already disabled keeps the service's reason.
 * `alsoInTransaction` runs in the transaction of the change (told whether anything changed).
 */
export async function updateWebhookEndpoint(
  ctx: ServiceContext,
  accountId: string,
  webhookId: string,
  input: WebhookUpdateRequest,
  alsoInTransaction?: (changed: boolean) => Promise<void>,
): Promise<WebhookEndpoint> {
  const row = await endpointOf(ctx, accountId, webhookId);
  if (input.enabled === true) await assertSafeUrl(ctx, row.url);
  const changes: Partial<WebhookEndpointRow> = {};
  if (input.events !== undefined) changes.events = storedEvents(input.events);
  // Enabling an enabled endpoint with a clean streak changes nothing.
  if (input.enabled === true && (row.disabledAt !== null || row.failingSince !== null))
    Object.assign(changes, { disabledAt: null, disabledReason: null, failingSince: null });
  if (input.enabled === false && row.disabledAt === null) {
    Object.assign(changes, { disabledAt: ctx.clock.now(), disabledReason: TURNED_OFF_REASON });
  }
  const changed = Object.keys(changes).length > 0;
  await ctx.db.transaction(async () => {
    if (changed) {
      await ctx.db
        .update(webhookEndpoints)
        .set(changes)
        .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.accountId, accountId)));
    }
    await alsoInTransaction?.(changed);
  });
  return await getWebhookEndpoint(ctx, accountId, webhookId);
}
