import { participants } from '@countersign/db';
import type { ChainedAuditEvent } from '@countersign/verify';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { csvLine } from '../support/csv.ts';
import { auditTrail } from './audit.ts';
import { sessionOf } from './session-lookup.ts';

export const AUDIT_CSV_COLUMNS = [
  'seq',
  'at',
  'type',
  'participant_id',
  'participant_name',
  'participant_email',
  'ip',
  'user_agent',
  'data',
  'prev_hash',
  'hash',
] as const;

/** Who an event's participant id names, as the session's signers are. */
type People = Map<string, { name: string; email: string }>;

const line = (e: ChainedAuditEvent, people: People) => {
  const who = e.participantId === null ? undefined : people.get(e.participantId);
  return csvLine([
    String(e.seq),
    e.at,
    e.type,
    e.participantId,
    who?.name ?? null,
    who?.email ?? null,
    e.ip,
    e.userAgent,
    e.data === null || e.data === undefined ? null : JSON.stringify(e.data),
    e.prevHash,
    e.hash,
  ]);
};

/**
 * A session's audit trail as CSV (support/csv.ts), oldest first, each event with the name and address of the
 * participant it concerns and the hashes that chain it: what the JSON trail holds, for a spreadsheet. A purged
 * session's trail is gone: the header alone.
 */
export async function auditTrailCsv(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
): Promise<string> {
  const session = await sessionOf(ctx, accountId, sessionId);
  const header = csvLine([...AUDIT_CSV_COLUMNS]);
  if (session.purgedAt !== null) return header;
  const rows = await ctx.db
    .select({ id: participants.id, name: participants.name, email: participants.email })
    .from(participants)
    .where(eq(participants.sessionId, session.id));
  const people: People = new Map(rows.map((p) => [p.id, p]));
  const events = await auditTrail(ctx, session.id);
  return header + events.map((e) => line(e, people)).join('');
}
