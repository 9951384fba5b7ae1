import { createHash } from 'node:crypto';

/**
 * The audit trail's hash chain (docs/evidence.md, "Tamper-evident trail"). Each event's hash covers its
 * canonical serialisation, which includes the previous event's hash, so removing, reordering or editing an
 * event changes every hash after it, and the last one (the chain head) is printed in the sealed PDF.
 */
export const AUDIT_CHAIN_VERSION = 1;

/** One audit event as it is chained and exported (GET /api/sessions/{id}/audit). */
export interface ChainedAuditEvent {
  /** 1-based position in the session's trail. */
  seq: number;
  id: string;
  sessionId: string;
  type: string;
  /** ISO 8601 UTC with milliseconds. */
  at: string;
  participantId: string | null;
  ip: string | null;
  userAgent: string | null;
  data: unknown;
  /** The previous event's hash; null for the first event. */
  prevHash: string | null;
  hash: string;
}

/**
 * Canonical JSON: objects with their keys sorted by UTF-16 code units, no whitespace, strings and numbers as
 * JSON.stringify writes them; `undefined` members are left out (as JSON does).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the canonical JSON of every field but `hash`, with `v` = AUDIT_CHAIN_VERSION. */
export function auditEventHash(event: Omit<ChainedAuditEvent, 'hash'>): string {
  const { seq, id, sessionId, type, at, participantId, ip, userAgent, data, prevHash } = event;
  const body = {
    v: AUDIT_CHAIN_VERSION,
    seq,
    id,
    sessionId,
    type,
    at,
    participantId,
    ip,
    userAgent,
    data,
    prevHash,
  };
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}

export type ChainCheck =
  | { ok: true; head: string | null; events: number }
  | { ok: false; head: string | null; events: number; problem: string; at: number };

/**
 * Recomputes the chain: positions 1..n in order, each prevHash the hash before it, each hash its content's.
 * `expectedHead`, when given, must be the last hash (the one printed in the PDF or sent with session.completed).
 */
export function checkAuditChain(events: ChainedAuditEvent[], expectedHead?: string): ChainCheck {
  let prev: string | null = null;
  for (const [i, event] of events.entries()) {
    const fail = (problem: string): ChainCheck => ({
      ok: false,
      head: prev,
      events: events.length,
      problem,
      at: i + 1,
    });
    if (event.seq !== i + 1)
      return fail(`event ${i + 1} has position ${event.seq}: an event is missing or out of order`);
    if (event.prevHash !== prev)
      return fail(`event ${i + 1} does not follow the one before it (prevHash differs)`);
    if (auditEventHash(event) !== event.hash)
      return fail(`event ${i + 1} (${event.type}) was changed: its hash does not match its content`);
    prev = event.hash;
  }
  if (expectedHead !== undefined && prev !== expectedHead) {
    return {
      ok: false,
      head: prev,
      events: events.length,
      problem: `the chain ends in ${prev ?? 'nothing'}, not in the expected head ${expectedHead}: events were removed or added`,
      at: events.length,
    };
  }
  return { ok: true, head: prev, events: events.length };
}
