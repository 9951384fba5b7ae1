import { accounts, type sessions } from '@countersign/db';
import { type EmailMessage, renderEmail } from '@countersign/emails';
import type { TemplateSendRequest } from '@countersign/schemas';
import { brandingOf, brandingView } from '../accounts/branding.ts';
import type { ServiceContext } from '../context.ts';
import { queueEmail } from '../outbox/email.ts';
import { rowWhere } from '../support/row-where.ts';
import { sessionLocale } from './locale.ts';

/** Send options that shape a session's emails: a template send's (own-PDF sends use defaults). */
export type SessionEmailOptions = Pick<
  TemplateSendRequest,
  'senderName' | 'subject' | 'message' | 'messageTemplate' | 'cc' | 'replyToEmail'
> & {
  /** The send's `locale` (or its template's default language, resolved when the template was sent). */
  locale?: string | null;
};

export interface EmailContext {
  accountId: string;
  /** Kept readable on the outbox row, so a purge finds the session's emails. */
  sessionId: string;
  sessionTitle: string;
  options: SessionEmailOptions;
  expiresAt: number;
  /** A test session's email: marked, and sent only to the account's own addresses (docs/test-mode.md). */
  test: boolean;
}

/**
 * The name invites are sent in: the send's `senderName`, else the account's default sender name (web app
 * settings), else the integration account's name.
 */
export async function senderNameFor(
  ctx: ServiceContext,
  accountId: string,
  options: SessionEmailOptions,
): Promise<string> {
  if (options.senderName) return options.senderName;
  const account = await rowWhere(ctx.db, accounts, { id: accountId });
  return account?.defaultSenderName ?? account?.name ?? 'Countersign';
}

type Kindless<T> = T extends unknown
  ? Omit<T, 'sessionTitle' | 'senderName' | 'recipientName' | 'locale'>
  : never;

/**
 * Renders one email for one recipient and queues it in the outbox (inside the caller's transaction).
 * Returns the outbox id. The send's reply-to applies to every email of the session, so that replies reach the
 * sender. The send's `cc` is never copied on a signer's email (it holds their link): a cc address gets emails
 * of its own (ccCopyEmails).
 */
export async function queueSessionEmail(
  ctx: ServiceContext,
  email: EmailContext & {
    senderName: string;
    /** `name` null for a cc address: the greeting drops it. */
    to: { name: string | null; email: string };
    /** The participant this email invites to sign: its delivery is their inviteStatus. */
    inviteOf?: string;
    attachments?: { filename: string; sha256: string; contentType: string }[];
  },
  message: Kindless<EmailMessage>,
): Promise<string> {
  const branding = brandingView(ctx, await brandingOf(ctx, email.accountId));
  const rendered = renderEmail({
    ...message,
    sessionTitle: email.sessionTitle,
    senderName: email.senderName,
    recipientName: email.to.name,
    locale: sessionLocale(email.options, branding.defaultLocale),
    branding: { accentColor: branding.accentColor, logoUrl: branding.logoUrl },
  } as EmailMessage);
  const { options } = email;
  const marked = email.test ? markAsTest(rendered) : rendered;
  return await queueEmail(ctx, email.accountId, {
    sessionId: email.sessionId,
    to: [email.to.email],
    ...(email.inviteOf ? { inviteOf: email.inviteOf } : {}),
    ...(options.replyToEmail ? { replyTo: options.replyToEmail } : {}),
    ...(email.test ? { test: true } : {}),
    fromName: email.senderName,
    subject: marked.subject,
    text: marked.text,
    html: marked.html,
    ...(email.attachments?.length ? { attachments: email.attachments } : {}),
  });
}

export const TEST_NOTICE = 'TEST, not legally binding';

/** A test session's email says so in its subject and first line. */
function markAsTest(email: { subject: string; text: string; html: string }) {
  const notice = `${TEST_NOTICE}: this email belongs to a test session sent with a test token.`;
  return {
    subject: `[TEST] ${email.subject}`,
    text: `${notice}\n\n${email.text}`,
    html: email.html.replace(
      /<body([^>]*)>/i,
      `<body$1><p style="background:#fde68a;color:#713f12;padding:8px 12px;font:bold 14px sans-serif">${notice}</p>`,
    ),
  };
}

/** The send's `cc` addresses, each once (case-insensitively), in the order given. */
export function ccAddresses(options: SessionEmailOptions): string[] {
  const seen = new Set<string>();
  return (options.cc ?? []).filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The part of every email of a session that comes from the session itself (add `to`). */
export async function emailContext(ctx: ServiceContext, session: typeof sessions.$inferSelect) {
  const options = session.options as SessionEmailOptions;
  return {
    accountId: session.accountId,
    sessionId: session.id,
    sessionTitle: session.title,
    options,
    expiresAt: session.expiresAt,
    test: session.test,
    senderName: await senderNameFor(ctx, session.accountId, options),
  };
}
