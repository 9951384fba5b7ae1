import { accounts, members, participants } from '@countersign/db';
import { type Mailer, MailRejectedError } from '@countersign/mail';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { type Deliverer, PermanentDeliveryError } from './dispatcher.ts';
import { addToOutbox, type OutboxRow } from './outbox.ts';

/**
 * An email as the outbox keeps it (encrypted, outbox.ts): everything needed to send it again, identically.
 * Only `to`, `cc` and `subject` stay readable, and only they remain once the row is delivered or failed.
 */
export const emailPayloadSchema = z.object({
  to: z.array(z.string()).min(1),
  cc: z.array(z.string()).optional(),
  replyTo: z.string().optional(),
  fromName: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  /** Of a test session: delivered only to the account's own addresses, the rest to the dev mailbox. */
  test: z.boolean().optional(),
  /** The session the email is about: a purge deletes its rows (docs/evidence.md). */
  sessionId: z.string().optional(),
  /** The participant this email invites: its final outcome becomes their stored `inviteStatus`. */
  inviteOf: z.string().optional(),
  /** Files by blob hash, read at delivery time so the outbox row stays small. */
  attachments: z
    .array(z.object({ filename: z.string(), sha256: z.string(), contentType: z.string() }))
    .optional(),
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/** Queues an email in the caller's transaction; returns the outbox id that becomes its Message-ID. */
export async function queueEmail(
  ctx: ServiceContext,
  accountId: string | null,
  email: EmailPayload,
): Promise<string> {
  return await addToOutbox(ctx, { kind: 'email', accountId, payload: emailPayloadSchema.parse(email) });
}

/** The Message-ID of an outbox email: derived from the row id, so a redelivery carries the same one. */
export const messageIdFor = (ctx: ServiceContext, outboxId: string): string =>
  `<${outboxId}@${new URL(ctx.config.publicUrl).hostname}>`;

/** The account's own addresses (its contact and its members'), lower-cased: where test emails may go. */
async function ownAddresses(ctx: ServiceContext, accountId: string | null): Promise<Set<string>> {
  if (!accountId) return new Set();
  const account = (
    await ctx.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId)).limit(1)
  )[0];
  const people = await ctx.db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.accountId, accountId));
  return new Set(
    [account?.email, ...people.map((m) => m.email)].filter(Boolean).map((e) => e!.toLowerCase()),
  );
}

/**
 * Where each recipient of an email goes: all to the mailer, except for a test session's email, whose
 * recipients outside the account go to the dev mailbox instead (docs/test-mode.md).
 */
async function routeRecipients(ctx: ServiceContext, row: OutboxRow, email: EmailPayload) {
  if (!email.test) return { real: { to: email.to, cc: email.cc ?? [] }, dev: { to: [], cc: [] } };
  const own = await ownAddresses(ctx, row.accountId);
  const split = (list: string[]) => ({
    real: list.filter((a) => own.has(a.toLowerCase())),
    dev: list.filter((a) => !own.has(a.toLowerCase())),
  });
  const to = split(email.to);
  const cc = split(email.cc ?? []);
  return { real: { to: to.real, cc: cc.real }, dev: { to: to.dev, cc: cc.dev } };
}

/** `devMailbox` receives a test session's emails to addresses outside the account. */
export function emailDeliverer(ctx: ServiceContext, mailer: Mailer, devMailbox: Mailer): Deliverer {
  return {
    // About a day of retries for a mail server that is down: 8 attempts from 30 s, doubling to 4 h.
    retry: { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 4 * 3600_000 },
    // An invite's final outcome is its participant's inviteStatus (GET /api/sessions/{id}).
    async settled(row, outcome) {
      const inviteOf = (row.payload as { inviteOf?: unknown } | null)?.inviteOf;
      if (typeof inviteOf !== 'string') return;
      await ctx.db
        .update(participants)
        .set({ inviteStatus: outcome === 'delivered' ? 'sent' : 'failed' })
        .where(eq(participants.id, inviteOf));
    },
    async deliver(row: OutboxRow) {
      const parsed = emailPayloadSchema.safeParse(row.payload);
      // A seal that does not open (another data key) never will: fail the row instead of retrying it.
      if (!parsed.success) throw new PermanentDeliveryError('unreadable email outbox payload');
      const email = parsed.data;
      const routes = await routeRecipients(ctx, row, email);
      const attachments = await Promise.all(
        (email.attachments ?? []).map(async (a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: await ctx.blobs.read(a.sha256),
        })),
      );
      const send = (via: Mailer, to: string[], cc: string[]) =>
        via.send({
          messageId: messageIdFor(ctx, row.id),
          from: { name: email.fromName ?? ctx.config.mailFrom.name, address: ctx.config.mailFrom.address },
          to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          ...(cc.length ? { cc } : {}),
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          ...(email.headers ? { headers: email.headers } : {}),
          ...(attachments.length ? { attachments } : {}),
        });
      try {
        // The dev mailbox keeps one copy per message id: idempotent when a retry repeats it.
        if (routes.dev.to.length > 0) await send(devMailbox, routes.dev.to, routes.dev.cc);
        if (routes.real.to.length > 0) await send(mailer, routes.real.to, routes.real.cc);
      } catch (err) {
        if (err instanceof MailRejectedError) throw new PermanentDeliveryError(err.message);
        throw err;
      }
    },
  };
}
