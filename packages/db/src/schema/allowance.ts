import { integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts.ts';
import { oneRowPer, ownedBy, timestamp } from './columns.ts';

/** Units an account may spend per period; no row means the documented default. */
export const allowances = sqliteTable('allowances', {
  accountId: oneRowPer('account_id', () => accounts.id),
  units: integer('units').notNull(),
  periodMs: integer('period_ms').notNull(),
});

/** Spending in the current fixed window. */
export const allowanceUsage = sqliteTable('allowance_usage', {
  accountId: oneRowPer('account_id', () => accounts.id),
  windowStart: timestamp('window_start').notNull(),
  used: integer('used').notNull(),
});

/** Units spent per UTC day (`day`: days since the epoch), for the web app's 30-day chart. */
export const allowanceDaily = sqliteTable(
  'allowance_daily',
  {
    accountId: ownedBy('account_id', () => accounts.id),
    day: integer('day').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
