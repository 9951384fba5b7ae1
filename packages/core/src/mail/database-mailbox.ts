import { type Db, devMail } from '@countersign/db';
import { createDevMailbox, type DevMailbox, type StoredMail } from '@countersign/mail';
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
 * worker on one host stored is listed on another. What it promises is createDevMailbox's (@countersign/mail), as
 * for the file mailbox.
 */
export function createDatabaseMailbox(db: Db): DevMailbox {
  const parsed = (row: { mail: string }) => JSON.parse(row.mail) as StoredMail;

  return createDevMailbox({
    async holds(id) {
      const [held] = await db.select({ id: devMail.id }).from(devMail).where(eq(devMail.id, id)).limit(1);
      return held !== undefined;
    },

    keep: (mail, eml) => keepDevMail(db, mail, eml), // a race's second copy is a conflict, left undone

    async all() {
      // Every row, as the file mailbox reads every file: a mailbox for development, not a message store.
      return (await db.select({ mail: devMail.mail }).from(devMail)).map(parsed);
    },

    async read(id) {
      const [row] = await db.select({ mail: devMail.mail }).from(devMail).where(eq(devMail.id, id)).limit(1);
      return row ? parsed(row) : null;
    },

    async eml(id) {
      const [row] = await db.select({ eml: devMail.eml }).from(devMail).where(eq(devMail.id, id)).limit(1);
      return row ? new Uint8Array(row.eml) : null;
    },

    async forget(ids) {
      if (ids.length > 0) await db.delete(devMail).where(inArray(devMail.id, ids));
    },
  });
}
