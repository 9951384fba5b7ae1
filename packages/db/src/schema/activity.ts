import { activityActorKinds } from '@countersign/schemas/activity-actions';
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { createdAt, ownedRow } from './columns.ts';

export { activityActorKinds } from '@countersign/schemas/activity-actions';

/**
 * The account's activity log: what people and tokens changed, written in the transaction of the change.
 * Append-only: nothing updates or deletes a row but the account's own deletion.
 */
export const activityEvents = sqliteTable(
  'activity_events',
  {
    ...ownedRow('accountId', 'account_id', () => accounts.id),
    createdAt: createdAt(),
    actorKind: text('actor_kind', { enum: activityActorKinds }).notNull(),
    /** The member's or the token's id; null for the CLI and the service itself. */
    actorId: text('actor_id'),
    /** How the actor read when it acted: a member's email, a token's label and hint. */
    actorLabel: text('actor_label').notNull(),
    /** `token.created`, `member.removed`, `template.edited`... (ActivityAction in schemas). */
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    /** What changed, in a few named values (never a secret). */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('activity_events_account').on(t.accountId, t.createdAt)],
);
