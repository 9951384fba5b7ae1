import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  assertValidMessage,
  type MailAddress,
  type Mailer,
  type MailMessage,
  toNodemailerOptions,
} from './message.ts';

/** A message the dev mailbox holds: what list() and read() return. */
export interface StoredMail {
  /** devMailId(messageId): the mailbox's key for it. */
  id: string;
  messageId: string;
  /** ISO 8601, when the mailbox stored it. */
  date: string;
  from: MailAddress;
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attachmentNames: string[];
}

/**
 * Where emails go without SMTP: kept, listed and read back (`pnpm cli mail list`, tests, test sessions'
 * outsiders). Idempotent by messageId: a second send of the same id keeps the first copy, which mirrors what
 * a retried SMTP send should look like. Files under DATA_DIR/mailbox, or a table when hosts share PostgreSQL.
 */
export interface DevMailbox extends Mailer {
  /** Newest first. `to` keeps the messages with that address among their `to` recipients (case-insensitive). */
  list(filter?: { to?: string }): Promise<StoredMail[]>;
  /** One stored message by id, or null. */
  read(id: string): Promise<StoredMail | null>;
  /** The raw RFC 5322 message of one stored message (what SMTP would have carried), or null. */
  eml(id: string): Promise<Uint8Array | null>;
  /** Deletes the copies of these messages (a purged session's emails); ids it never held are skipped. */
  forget(messageIds: string[]): Promise<void>;
}

/**
 * Where a dev mailbox keeps its messages (files, a table), by id; createDevMailbox adds what every mailbox
 * promises. The ids it is given are devMailId's.
 */
export interface DevMailStore {
  holds(id: string): Promise<boolean>;
  /** Keeps a message it did not hold (sends of the same one racing may each get here: one copy stays). */
  keep(mail: StoredMail, eml: Uint8Array): Promise<void>;
  /** Every message, in no particular order. */
  all(): Promise<StoredMail[]>;
  read(id: string): Promise<StoredMail | null>;
  eml(id: string): Promise<Uint8Array | null>;
  /** Deletes these messages; ids it never held are skipped. */
  forget(ids: string[]): Promise<void>;
}

/**
 * A dev mailbox over where it keeps messages: each message checked, kept once per messageId (the first copy
 * stays), listed newest first, and an id from outside that is not one of ours (`../..`) read as none.
 */
export function createDevMailbox(store: DevMailStore): DevMailbox {
  const nextDate = mailDates();
  const ours = (id: string) => DEV_MAIL_ID.test(id);
  return {
    async send(msg) {
      assertValidMessage(msg);
      if (await store.holds(devMailId(msg.messageId))) return;
      const { mail, eml } = await storedMail(msg, nextDate());
      await store.keep(mail, eml);
    },
    list: async (filter = {}) => listedMail(await store.all(), filter),
    read: async (id) => (ours(id) ? store.read(id) : null),
    eml: async (id) => (ours(id) ? store.eml(id) : null),
    forget: (messageIds) => store.forget(messageIds.map(devMailId)),
    async close() {},
  };
}

/** What devMailId gives: anything else is not a message of the mailbox. */
export const DEV_MAIL_ID = /^[0-9a-f]{32}$/;

/** The mailbox's key for a message: stable across retries, and safe as a file name. */
const devMailId = (messageId: string): string =>
  createHash('sha256').update(messageId).digest('hex').slice(0, 32);

/**
 * The dates a mailbox stamps: strictly increasing within the process, so "newest first" is a total order even
 * for messages stored in the same millisecond (ties between processes fall back to the id).
 */
function mailDates(): () => Date {
  let lastMs = 0;
  return () => {
    lastMs = Math.max(Date.now(), lastMs + 1);
    return new Date(lastMs);
  };
}

/** What a mailbox keeps of a message: the listed fields and the raw message. */
async function storedMail(msg: MailMessage, date: Date): Promise<{ mail: StoredMail; eml: Buffer }> {
  const eml = await new MailComposer({ ...toNodemailerOptions(msg), date }).compile().build();
  const mail: StoredMail = {
    id: devMailId(msg.messageId),
    messageId: msg.messageId,
    date: date.toISOString(),
    from: msg.from,
    to: msg.to,
    cc: msg.cc ?? [],
    replyTo: msg.replyTo ?? null,
    subject: msg.subject,
    text: msg.text,
    html: msg.html,
    attachmentNames: (msg.attachments ?? []).map((a) => a.filename),
  };
  return { mail, eml };
}

/** list()'s filter and order. */
function listedMail(all: StoredMail[], filter: { to?: string }): StoredMail[] {
  const to = filter.to?.toLowerCase();
  return all
    .filter((m) => to === undefined || m.to.some((a) => a.toLowerCase() === to))
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}
