import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { MailAddress, Mailer, MailMessage } from './message.ts';
import { assertValidMessage, toNodemailerOptions } from './message.ts';

export interface StoredMail {
  /** Stable id derived from messageId; names the files. */
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
  /** Absolute path of the raw RFC 5322 message. */
  emlPath: string;
}

export interface DevMailbox extends Mailer {
  /** Newest first. `to` keeps the messages with that address among their `to` recipients (case-insensitive). */
  list(filter?: { to?: string }): Promise<StoredMail[]>;
  /** One stored message by id, or null. */
  read(id: string): Promise<StoredMail | null>;
}

const ID = /^[0-9a-f]{32}$/;

function idFor(messageId: string): string {
  return createHash('sha256').update(messageId).digest('hex').slice(0, 32);
}

/** The files a dev mailbox in `mailboxDir` keeps for a message (whether or not it holds that message). */
export const devMailFiles = (mailboxDir: string, messageId: string): string[] => {
  const id = idFor(messageId);
  return [join(resolve(mailboxDir), `${id}.json`), join(resolve(mailboxDir), `${id}.eml`)];
};

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

// Temp name in the same directory, so rename() is atomic; dot-prefixed so list() skips it.
async function writeAtomic(path: string, dir: string, data: string | Uint8Array): Promise<void> {
  const tmp = join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * Development mailbox: each message becomes `<id>.eml` (the raw message) and `<id>.json`
 * (what list() returns) under `dir`. Idempotent by messageId: a second send of the same id
 * keeps the first copy, which mirrors what a retried SMTP send should look like.
 */
export function createDevMailbox(mailboxDir: string): DevMailbox {
  const dir = resolve(mailboxDir);
  // Dates strictly increase within one mailbox so "newest first" is a total order even for
  // messages stored in the same millisecond.
  let lastMs = 0;

  async function read(id: string): Promise<StoredMail | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as StoredMail;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    async send(msg: MailMessage): Promise<void> {
      assertValidMessage(msg);
      const id = idFor(msg.messageId);
      const jsonPath = join(dir, `${id}.json`);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (await exists(jsonPath)) return;

      lastMs = Math.max(Date.now(), lastMs + 1);
      const date = new Date(lastMs);
      const eml = await new MailComposer({ ...toNodemailerOptions(msg), date }).compile().build();
      const emlPath = join(dir, `${id}.eml`);
      const stored: StoredMail = {
        id,
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
        emlPath,
      };
      // The .eml first: the .json is the commit marker list() looks for.
      await writeAtomic(emlPath, dir, eml);
      await writeAtomic(jsonPath, dir, JSON.stringify(stored, null, 2));
    },

    async list(filter = {}): Promise<StoredMail[]> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length));
      const all = (await Promise.all(ids.map(read))).filter((m): m is StoredMail => m !== null);
      const to = filter.to?.toLowerCase();
      return all
        .filter((m) => to === undefined || m.to.some((a) => a.toLowerCase() === to))
        .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
    },

    read,

    async close(): Promise<void> {},
  };
}
