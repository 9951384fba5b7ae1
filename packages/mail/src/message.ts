import type { SendMailOptions } from 'nodemailer';
import { MailRejectedError } from './errors.ts';

export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface MailMessage {
  /** RFC 5322 form `<local@domain>`, chosen by the caller so that a retried send keeps its id. */
  messageId: string;
  from: MailAddress;
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  close(): Promise<void>;
}

// Deliberately narrow: one '@', no spaces or angle brackets inside, so the id survives
// every MTA unchanged and can name a file in the dev mailbox.
const MESSAGE_ID = /^<[^<>@\s]+@[^<>@\s]+>$/;

/** Throws MailRejectedError('invalid_message') for a message no server could accept. */
export function assertValidMessage(msg: MailMessage): void {
  if (!MESSAGE_ID.test(msg.messageId)) {
    throw new MailRejectedError(
      'invalid_message',
      `messageId must look like <id@domain>, got ${msg.messageId}`,
    );
  }
  if (msg.to.length === 0) {
    throw new MailRejectedError('invalid_message', 'a message needs at least one "to" recipient');
  }
}

/** One mapping from our message to nodemailer's, shared by SMTP and the dev mailbox. */
export function toNodemailerOptions(msg: MailMessage): SendMailOptions {
  return {
    messageId: msg.messageId,
    from: msg.from.name ? { name: msg.from.name, address: msg.from.address } : msg.from.address,
    to: msg.to,
    cc: msg.cc && msg.cc.length > 0 ? msg.cc : undefined,
    replyTo: msg.replyTo,
    subject: msg.subject,
    text: msg.text,
    html: msg.html,
    headers: msg.headers,
    attachments: msg.attachments?.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      contentType: a.contentType,
    })),
    // Our content is always in memory: never let a message make the mailer read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
