import { type Db, devMail } from '@countersign/db';
import {
  assertValidMessage,
  DEV_MAIL_ID,
  type DevMailbox,
  devMailId,
  listedMail,
  mailDates,
  type StoredMail,
  storedMail,
} from '@countersign/mail';
import { eq, inArray } from 'drizzle-orm';

/** Stores one message as the database mailbox keeps it; a message already there is left as it was. */
export async function keepDevMail(db: Db, mail: StoredMail, eml: Uint8Array): Promise<void> {
  await db
    .insert(devMail)
    .values({
      id: mail.id,
      createdAt: Date.parse(mail.date),
      mail: JSON.stringify(mail),
      eml: Buffer.from(eml),
    })
    .onConflictDoNothing();
}

/**
 * The dev mailbox in the database (`dev_mail`): what every host reads when they share PostgreSQL, so an email a
 * worker on one host stored is listed on another. Same promises as the file mailbox of @countersign/mail.
 */
export function createDatabaseMailbox(db: Db): DevMailbox {
  const nextDate = mailDates();
  const parsed = (row: { mail: string }) => JSON.parse(row.mail) as StoredMail;

  return {
    async send(msg) {
      assertValidMessage(msg);
      const [held] = await db
        .select({ id: devMail.id })
        .from(devMail)
        .where(eq(devMail.id, devMailId(msg.messageId)))
        .limit(1);
      if (held) return; // the first copy stays (the conflict below covers a race)
      const { mail, eml } = await storedMail(msg, nextDate());
      await keepDevMail(db, mail, eml);
    },

    async list(filter = {}) {
      // Every row, as the file mailbox reads every file: a mailbox for development, not a message store.
      const rows = await db.select({ mail: devMail.mail }).from(devMail);
      return listedMail(rows.map(parsed), filter);
    },

    async read(id) {
      if (!DEV_MAIL_ID.test(id)) return null;
      const [row] = await db.select({ mail: devMail.mail }).from(devMail).where(eq(devMail.id, id)).limit(1);
      return row ? parsed(row) : null;
    },

    async eml(id) {
      if (!DEV_MAIL_ID.test(id)) return null;
      const [row] = await db.select({ eml: devMail.eml }).from(devMail).where(eq(devMail.id, id)).limit(1);
      return row ? new Uint8Array(row.eml) : null;
    },

    async forget(messageIds) {
      if (messageIds.length === 0) return;
      await db.delete(devMail).where(inArray(devMail.id, messageIds.map(devMailId)));
    },

    async close() {},
  };
}
