import { auditEvents, rowInserter } from '@countersign/db';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';

export type AuditType =
  | 'session.created'
  | 'invite.queued'
  | 'link.viewed'
  | 'link.opened'
  | 'code.sent'
  | 'code.verified'
  | 'code.failed'
  | 'participant.signed'
  | 'participant.declined'
  | 'session.cancelled'
  | 'session.expired'
  | 'session.completed'
  | 'session.completion_failed'
  | 'session.completion_retried'
  | 'reminder.queued';

export interface AuditOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

const AUDIT_COLUMNS = ['id', 'sessionId', 'participantId', 'type', 'at', 'ip', 'userAgent', 'data'] as const;

/** Appends one audit event; call it inside the transaction of the change it records. */
export function audit(
  ctx: ServiceContext,
  event: {
    sessionId: string;
    participantId?: string | null;
    type: AuditType;
    origin?: AuditOrigin;
    data?: unknown;
  },
): void {
  rowInserter(
    ctx.db,
    auditEvents,
    AUDIT_COLUMNS,
  )({
    id: newId(),
    sessionId: event.sessionId,
    participantId: event.participantId ?? null,
    type: event.type,
    at: ctx.clock.now(),
    ip: event.origin?.ip ?? null,
    userAgent: event.origin?.userAgent ?? null,
    data: event.data ?? null,
  });
}
