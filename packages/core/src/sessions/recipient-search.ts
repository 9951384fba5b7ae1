import { participants, prefixEnd, sessions, sessionTerms, wordsOf } from '@countersign/db';
import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';

/**
 * The sessions list's `recipient` filter (docs/api-extensions.md "Finding sessions"): each word typed matches
 * the start of a word of a recipient's name, through the (account, term) index of `session_terms`; text with
 * an `@` matches the start of a recipient's email, through the lower(email) index.
 *
 * Which side of the query leads is chosen from how many sessions match, counted up to a bound: a rare name
 * (the usual search: one person's sessions) leads, so the list reads its few sessions by id whatever the size
 * of the account; a common one ("a") filters the walk down the account's newest-first index instead, which
 * finds a page of matches long before it has read them all.
 */
export type RecipientFilter =
  /** Few matches: read these sessions by id, then sort them (`leading` yields a `sessionId` per match). */
  | { kind: 'leading'; leading: RecipientMatches; also: SQL[] }
  /** Many: walk the list's index and keep the sessions these conditions accept. */
  | { kind: 'filtering'; also: SQL[] }
  | { kind: 'none' };

type RecipientMatches = ReturnType<typeof nameMatches> | ReturnType<typeof emailMatches>;

/** Above this many matches, walking the account's index beats reading every match by id and sorting them. */
export const LEADING_MAX = 1_000;

const nameMatches = (ctx: ServiceContext, accountId: string, word: string) =>
  ctx.db
    .select({ sessionId: sessionTerms.sessionId })
    .from(sessionTerms)
    .where(
      and(
        eq(sessionTerms.accountId, accountId),
        gte(sessionTerms.term, word),
        sql`${sessionTerms.term} < ${prefixEnd(word)}`,
      ),
    );

/** lower() as both servers spell it on these columns (ASCII letters only), so the index on it serves. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const emailKey = sql`lower(${participants.email})`;

const emailMatches = (ctx: ServiceContext, prefix: string) =>
  ctx.db
    .select({ sessionId: participants.sessionId })
    .from(participants)
    .where(and(sql`${emailKey} >= ${prefix}`, sql`${emailKey} < ${prefixEnd(prefix)}`));

/** How many rows `matches` yields, counted no further than LEADING_MAX + 1. */
async function boundedCount(ctx: ServiceContext, matches: RecipientMatches): Promise<number> {
  const rows = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(matches.limit(LEADING_MAX + 1).as('bounded'));
  return Number(rows[0]?.n ?? 0);
}

export async function recipientFilter(
  ctx: ServiceContext,
  accountId: string,
  text: string,
): Promise<RecipientFilter> {
  const trimmed = text.trim();
  if (trimmed.includes('@')) {
    const matches = emailMatches(ctx, asciiLower(trimmed));
    return (await boundedCount(ctx, matches)) <= LEADING_MAX
      ? { kind: 'leading', leading: matches, also: [] }
      : { kind: 'filtering', also: [inArray(sessions.id, matches)] };
  }
  const words = wordsOf(trimmed);
  if (words.length === 0) return { kind: 'none' };
  const counted = await Promise.all(
    words.map(async (word) => {
      const matches = nameMatches(ctx, accountId, word);
      return { matches, count: await boundedCount(ctx, matches) };
    }),
  );
  counted.sort((a, b) => a.count - b.count);
  const [rarest, ...rest] = counted;
  const also = rest.map((c) => inArray(sessions.id, c.matches));
  return rarest!.count <= LEADING_MAX
    ? { kind: 'leading', leading: rarest!.matches, also }
    : { kind: 'filtering', also: [inArray(sessions.id, rarest!.matches), ...also] };
}
