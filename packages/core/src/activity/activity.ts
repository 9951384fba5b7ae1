import { activityEvents } from '@countersign/db';
import type {
  ActivityAction,
  ActivityActorKind,
  ActivityEvent,
  ActivityFilter,
  ActivityList,
  ActivityListQuery,
} from '@countersign/schemas';
import { and, desc, eq, gte, like, lte, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/principal.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import { before, keysetPage } from '../support/cursor.ts';

/**
 * Who did something to the account, as the activity log keeps it: the kind, the member's or token's id, how
 * they read then (email; label and hint), and from where (the API's callers only).
 */
export interface ActivityActor {
  kind: ActivityActorKind;
  id: string | null;
  label: string;
  ip: string | null;
  userAgent: string | null;
}

/** What was changed: `{ kind: 'webhook', id }`. */
export interface ActivityTarget {
  kind: string;
  id: string;
}

/** The operator's command line (`pnpm cli ...`). */
export const cliActor: ActivityActor = {
  kind: 'cli',
  id: null,
  label: 'command line',
  ip: null,
  userAgent: null,
};

/** An API caller as an actor: a member by their email, a token by its label and hint (never the token). */
export function principalActor(
  principal: Principal,
  from: { ip: string | null; userAgent: string | null },
): ActivityActor {
  const where = { ip: from.ip, userAgent: from.userAgent };
  if (principal.kind === 'member') {
    return { kind: 'member', id: principal.member.memberId, label: principal.member.email, ...where };
  }
  const label = `${principal.label ?? 'token'} (${principal.hint}…)`;
  return { kind: 'token', id: principal.tokenId, label, ...where };
}

/**
 * Appends one row to the account's activity log. Call it inside the transaction of the change it records
 * (`withActivity`, or a service's `alsoInTransaction`), so both commit or neither does. `details` names what
 * changed, never a secret.
 *
 * @example
 * await recordActivity(ctx, accountId, actor, 'token.revoked', { kind: 'token', id: tokenId }, null);
 */
export async function recordActivity(
  ctx: ServiceContext,
  accountId: string,
  actor: ActivityActor,
  action: ActivityAction,
  target: ActivityTarget | null,
  details: Record<string, unknown> | null,
): Promise<void> {
  await ctx.db.insert(activityEvents).values({
    id: newId(),
    accountId,
    createdAt: ctx.clock.now(),
    actorKind: actor.kind,
    actorId: actor.id,
    actorLabel: actor.label,
    action,
    targetKind: target?.kind ?? null,
    targetId: target?.id ?? null,
    details,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** One entry of the log, as `withActivity` is told it: null when the change changed nothing. */
export interface ActivityEntry {
  action: ActivityAction;
  target?: ActivityTarget | null;
  details?: Record<string, unknown> | null;
}

/**
 * Runs `change` and records the entry it describes in one transaction: a change that fails leaves no row, a
 * row never stands for a change that was rolled back. `change` must be database work only (the transaction
 * rule, docs/data-layer.md); a service that does other work first takes an `alsoInTransaction` callback
 * instead.
 *
 * @example
 * await withActivity(ctx, accountId, actor, () => deleteTemplate(ctx, accountId, id), () => ({
 *   action: 'template.deleted',
 *   target: { kind: 'template', id },
 * }));
 */
export async function withActivity<T>(
  ctx: ServiceContext,
  accountId: string,
  actor: ActivityActor,
  change: () => Promise<T>,
  entry: (result: T) => ActivityEntry | null,
): Promise<T> {
  return await ctx.db.transaction(async () => {
    const result = await change();
    const recorded = entry(result);
    if (recorded) {
      await recordActivity(
        ctx,
        accountId,
        actor,
        recorded.action,
        recorded.target ?? null,
        recorded.details ?? null,
      );
    }
    return result;
  });
}

/** A new refresh token's entry (API and CLI): its label, mode and scopes, never the token. */
export const tokenCreatedEntry = (t: {
  tokenId: string;
  label: string | null;
  test: boolean;
  scopes: readonly string[];
}): ActivityEntry => ({
  action: 'token.created',
  target: { kind: 'token', id: t.tokenId },
  details: { label: t.label, test: t.test, scopes: [...t.scopes] },
});

/**
 * The values of `after` that differ from `before`, as `{ name: { from, to } }` (settings changes), or null
 * when none does.
 */
export function changedValues<T extends Record<string, unknown>>(
  before: T,
  after: T,
  names: readonly (keyof T & string)[],
): Record<string, { from: unknown; to: unknown }> | null {
  const changed = names.filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n]));
  if (changed.length === 0) return null;
  return Object.fromEntries(changed.map((n) => [n, { from: before[n] ?? null, to: after[n] ?? null }]));
}

type ActivityRow = typeof activityEvents.$inferSelect;

const eventView = (row: ActivityRow): ActivityEvent => ({
  activityId: row.id,
  at: new Date(row.createdAt).toISOString(),
  action: row.action as ActivityAction,
  actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
  target: row.targetKind && row.targetId ? { kind: row.targetKind, id: row.targetId } : null,
  details: row.details ?? null,
  ip: row.ip,
  userAgent: row.userAgent,
});

function filterConditions(accountId: string, filter: ActivityFilter): SQL[] {
  const conditions = [eq(activityEvents.accountId, accountId)];
  if (filter.action?.endsWith('.')) {
    // A prefix of plain letters and a dot (the query schema checks it): no LIKE wildcard in it.
    conditions.push(like(activityEvents.action, `${filter.action}%`));
  } else if (filter.action) conditions.push(eq(activityEvents.action, filter.action));
  if (filter.actorKind) conditions.push(eq(activityEvents.actorKind, filter.actorKind));
  if (filter.actorId) conditions.push(eq(activityEvents.actorId, filter.actorId));
  if (filter.from) conditions.push(gte(activityEvents.createdAt, Date.parse(filter.from)));
  if (filter.to) conditions.push(lte(activityEvents.createdAt, Date.parse(filter.to)));
  return conditions;
}

/** The account's activity, newest first, keyset-paged like the sessions (`[time, id]` cursors). */
export async function listActivity(
  ctx: ServiceContext,
  accountId: string,
  query: ActivityListQuery,
): Promise<ActivityList> {
  const conditions = filterConditions(accountId, query);
  if (query.cursor) conditions.push(before(activityEvents.createdAt, activityEvents.id, query.cursor));
  const rows = await ctx.db
    .select()
    .from(activityEvents)
    .where(and(...conditions))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => [r.createdAt, r.id]);
  return { events: page.map(eventView), nextCursor };
}

/**
 * Every event the filter selects, newest first, a page at a time (the CSV export streams them without
 * holding the whole log).
 */
export async function* eachActivity(
  ctx: ServiceContext,
  accountId: string,
  filter: ActivityFilter,
  pageSize = 500,
): AsyncGenerator<ActivityEvent> {
  let cursor: string | undefined;
  do {
    const page = await listActivity(ctx, accountId, { ...filter, limit: pageSize, cursor });
    yield* page.events;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
