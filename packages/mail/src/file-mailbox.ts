import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createDevMailbox, DEV_MAIL_ID, type DevMailbox, type StoredMail } from './stored-mail.ts';

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

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The dev mailbox in a directory (the embedded topology's DATA_DIR/mailbox): each message becomes `<id>.eml`
 * (the raw message) and `<id>.json` (what list() returns).
 */
export function createFileMailbox(mailboxDir: string): DevMailbox {
  const dir = resolve(mailboxDir);
  const file = (id: string, ext: 'json' | 'eml') => join(dir, `${id}.${ext}`);

  async function read(id: string): Promise<StoredMail | null> {
    const json = await readOrNull(file(id, 'json'));
    if (json === null) return null;
    // Files written before the database mailbox also name their .eml's path: no longer part of a message.
    const { emlPath: _path, ...mail } = JSON.parse(json.toString('utf8')) as StoredMail & {
      emlPath?: string;
    };
    return mail;
  }

  return createDevMailbox({
    holds: (id) => exists(file(id, 'json')),

    async keep(mail, eml) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // The .eml first: the .json is the commit marker all() looks for.
      await writeAtomic(file(mail.id, 'eml'), dir, eml);
      await writeAtomic(file(mail.id, 'json'), dir, JSON.stringify(mail, null, 2));
    },

    async all() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const ids = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length));
      const messages = await Promise.all(ids.filter((id) => DEV_MAIL_ID.test(id)).map(read));
      return messages.filter((m): m is StoredMail => m !== null);
    },

    read,

    eml: (id) => readOrNull(file(id, 'eml')),

    async forget(ids) {
      // The .json first, so a message is never listed without its .eml.
      for (const id of ids)
        for (const ext of ['json', 'eml'] as const) await rm(file(id, ext), { force: true });
    },
  });
}
