import { participants, sessions } from '@countersign/db';
import { REPORT_BUCKETS_MAX, type SessionReport, type SessionReportQuery } from '@countersign/schemas';
import { and, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ServiceContext } from '../context.ts';
import { DAY_MS } from '../support/clock.ts';
import { csvLine } from '../support/csv.ts';
import { DomainError } from '../support/errors.ts';

/** 1970-01-05, a Monday: weeks are counted from it, so each starts on a Monday at UTC midnight. */
const MONDAY = 4 * DAY_MS;

const iso = (t: number) => new Date(t).toISOString();

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The account's sessions over a period (docs/api.md "Reports"): sent, completed, declined and expired per day or
 * week (each counted in the bucket it happened in), the median time to completion, and how long each step (a
 * template role, or a signing position) takes from being asked to signing, slowest first. Test sessions are
 * left out. Counted by the database per bucket; the medians from the times themselves.
 */
export async function sessionReport(
  ctx: ServiceContext,
  accountId: string,
  query: SessionReportQuery,
): Promise<SessionReport> {
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (!(to > from)) throw new DomainError('invalid_request', 'to: must be after from');
  const size = query.interval === 'week' ? 7 * DAY_MS : DAY_MS;
  const origin =
    query.interval === 'week' ? from - ((((from - MONDAY) % size) + size) % size) : from - (from % DAY_MS);
  const bucketCount = Math.ceil((to - origin) / size);
  if (bucketCount > REPORT_BUCKETS_MAX) {
    throw new DomainError(
      'invalid_request',
      `the period holds ${bucketCount} ${query.interval}s; a report has at most ${REPORT_BUCKETS_MAX} (choose weeks, or a shorter period)`,
    );
  }
  const scope = [
    eq(sessions.accountId, accountId),
    eq(sessions.test, false),
    ...(query.templateId ? [eq(sessions.templateId, query.templateId)] : []),
  ];
  const perBucket = async (at: SQLiteColumn) => {
    // Whole buckets: SQLite gets the bounds as reals, so its division would not truncate without the cast.
    const bucket = sql<number>`cast((${at} - ${origin}) / ${size} as integer)`;
    const rows = await ctx.db
      .select({ bucket, n: sql<number>`count(*)` })
      .from(sessions)
      .where(and(...scope, gte(at, from), lt(at, to)))
      // By position: PostgreSQL would not see the select's expression, with its own parameters, as the same.
      .groupBy(sql.raw('1'));
    return new Map(rows.map((r) => [Number(r.bucket), Number(r.n)]));
  };
  const [sent, completed, declined, expired] = await Promise.all([
    perBucket(sessions.createdAt),
    perBucket(sessions.completedAt),
    perBucket(sessions.declinedAt),
    perBucket(sessions.expiredAt),
  ]);
  const buckets = Array.from({ length: bucketCount }, (_, i) => ({
    start: iso(origin + i * size),
    sent: sent.get(i) ?? 0,
    completed: completed.get(i) ?? 0,
    declined: declined.get(i) ?? 0,
    expired: expired.get(i) ?? 0,
  }));
  const sum = (key: 'sent' | 'completed' | 'declined' | 'expired') => buckets.reduce((n, b) => n + b[key], 0);

  const inPeriod = (at: SQLiteColumn): SQL => and(gte(at, from), lt(at, to))!;
  const durations = await ctx.db
    .select({ created: sessions.createdAt, completed: sessions.completedAt })
    .from(sessions)
    .where(and(...scope, isNotNull(sessions.completedAt), inPeriod(sessions.completedAt)));
  const signed = await ctx.db
    .select({
      role: participants.roleLabel,
      position: participants.position,
      asked: participants.notifiedAt,
      signed: participants.signedAt,
    })
    .from(participants)
    .innerJoin(sessions, eq(sessions.id, participants.sessionId))
    .where(
      and(
        ...scope,
        inPeriod(sessions.createdAt),
        isNotNull(participants.signedAt),
        isNotNull(participants.notifiedAt),
      ),
    );
  const byStep = new Map<string, number[]>();
  for (const p of signed) {
    const step = p.role ?? `Signer ${p.position + 1}`;
    const list = byStep.get(step) ?? [];
    list.push((p.signed! - p.asked!) / 1000);
    byStep.set(step, list);
  }
  const steps = [...byStep]
    .map(([step, times]) => ({ step, signatures: times.length, medianSecondsToSign: median(times)! }))
    .sort((a, b) => b.medianSecondsToSign - a.medianSecondsToSign || a.step.localeCompare(b.step));

  return {
    from: iso(from),
    to: iso(to),
    interval: query.interval,
    templateId: query.templateId ?? null,
    buckets,
    totals: {
      sent: sum('sent'),
      completed: sum('completed'),
      declined: sum('declined'),
      expired: sum('expired'),
    },
    medianSecondsToComplete: median(durations.map((d) => (d.completed! - d.created) / 1000)),
    steps,
  };
}

/** The report's buckets as CSV (support/csv.ts): one line per day or week. */
export function sessionReportCsv(report: SessionReport): string {
  return [
    csvLine(['start', 'sent', 'completed', 'declined', 'expired']),
    ...report.buckets.map((b) =>
      csvLine([b.start, String(b.sent), String(b.completed), String(b.declined), String(b.expired)]),
    ),
  ].join('');
}
