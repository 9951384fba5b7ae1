import { preparedQuery, webhookEndpoints } from '@countersign/db';
import type { WebhookEventBody, WebhookEventType, WebhookOutboxPayload } from '@countersign/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { addToOutbox } from '../outbox/outbox.ts';
import { type DocumentRow, documentsOfSession } from '../sessions/documents.ts';
import { participantById } from '../sessions/participants.ts';
import { type SessionRow, sessionById } from '../sessions/session-lookup.ts';
import { newId } from '../support/crypto.ts';

// Asked on every state change, most often to learn that the account has no endpoint.
const liveEndpoints = preparedQuery((db) =>
  db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.accountId, sql.placeholder('accountId')), isNull(webhookEndpoints.disabledAt)),
    )
    .prepare(),
);

/** A new event id: `evt_` and 32 hex digits, sent as `webhook-id`. */
export const newEventId = () => `evt_${newId().replaceAll('-', '')}`;

/**
 * Records a session event for every subscribed endpoint of the account, in the caller's transaction
 * (transactional outbox): the state change and its webhooks commit together or not at all.
 */
export async function emitSessionEvent(
  ctx: ServiceContext,
  /** The session, or its row as the caller's transaction just wrote it (one read less). */
  of: string | SessionRow,
  type: WebhookEventType,
  extra: {
    participantId?: string;
    reason?: string | null;
    auditChainHead?: string | null;
    purge?: WebhookEventBody['data']['purge'];
    /** The session's documents as the caller's transaction holds them. */
    docs?: DocumentRow[];
  } = {},
): Promise<WebhookEventBody | undefined> {
  const session = typeof of === 'string' ? await sessionById(ctx, of) : of;
  if (!session) return undefined;
  const sessionId = session.id;
  const endpoints = (await liveEndpoints(ctx.db).execute({ accountId: session.accountId })).filter(
    (e) => !e.events || e.events.includes(type),
  );
  if (endpoints.length === 0) return undefined;

  const docs = extra.docs ?? (await documentsOfSession(ctx, sessionId));
  const participant = extra.participantId ? await participantById(ctx, extra.participantId) : undefined;
  const event: WebhookEventBody = {
    id: newEventId(),
    type,
    createdAt: new Date(ctx.clock.now()).toISOString(),
    data: {
      sessionId,
      title: session.title,
      ...(session.bulkBatchId ? { bulkSendBatchId: session.bulkBatchId } : {}),
      ...(participant
        ? {
            participant: {
              participantId: participant.id,
              name: participant.name,
              email: participant.email,
              status: participant.status,
            },
          }
        : {}),
      documents: docs.map((d) => ({
        documentId: d.id,
        filename: d.filename,
        signed: d.finalSha256 !== null,
        downloadUrl: `${ctx.config.publicUrl}/api/sessions/${sessionId}/documents/${d.id}`,
      })),
      ...(extra.reason ? { reason: extra.reason } : {}),
      ...(extra.auditChainHead ? { auditChainHead: extra.auditChainHead } : {}),
      ...(extra.purge ? { purge: extra.purge } : {}),
      ...(session.test ? { test: true } : {}),
    },
  };
  for (const endpoint of endpoints) {
    const payload: WebhookOutboxPayload = { endpointId: endpoint.id, sessionId, event };
    await addToOutbox(ctx, { kind: 'webhook', accountId: session.accountId, payload });
  }
  return event;
}
