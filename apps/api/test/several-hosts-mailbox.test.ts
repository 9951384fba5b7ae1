import fs from 'node:fs';
import path from 'node:path';
import type { StoredMail } from '@countersign/mail';
import { runCli, until } from '@countersign/test-support';
import { describe, expect, it } from 'vitest';
import { startHosts } from './hosts-support.ts';

// The scaled topology on several hosts without SMTP_URL: emails go to the dev mailbox, which is in PostgreSQL, so
// what the worker on one host stores is listed on the API's host (`pnpm cli mail list` there, with the API
// host's own DATA_DIR), and no host keeps mail on its disk.

const { database, d, operator, post, sendDriveFile } = await startHosts({ workers: 1, env: {} });
const [apiHost] = d.hostDirs;

/** `pnpm cli mail list --to` on the API's host. */
async function listedOnApiHost(to: string): Promise<StoredMail[]> {
  const listed = await runCli(['mail', 'list', '--to', to], {
    ...database.env,
    DATA_DIR: apiHost!,
    LOG_LEVEL: 'silent',
  });
  expect(listed.code, listed.stderr).toBe(0);
  return listed.json as StoredMail[];
}

describe('an API and a worker on separate hosts, sharing PostgreSQL, without SMTP', () => {
  it('lists on the API’s host the invite and the sign-in link a worker on another host stored', async () => {
    const { signingUrl } = (await sendDriveFile('Mailbox lease')).participants[0]!;
    let invites: StoredMail[] = [];
    await until(
      'the invite is listed on the API’s host',
      async () => {
        invites = await listedOnApiHost('ann@hosts.test');
        return invites.length > 0;
      },
      60_000,
      500,
    );
    expect(invites.map((m) => m.subject)).toEqual([expect.stringContaining('Mailbox lease')]);
    expect(invites[0]!.text).toContain(signingUrl);

    // The owner signs in to the web app through the link the worker stored.
    expect((await post('/api/auth/sign-in', { email: 'ops@hosts.test' })).status).toBe(202);
    let link: string | undefined;
    await until(
      'the sign-in link is listed on the API’s host',
      async () => {
        const mails = await listedOnApiHost('ops@hosts.test');
        link = mails.map((m) => /#token=(cssl_[A-Za-z0-9_-]+)/.exec(m.text)?.[1]).find(Boolean);
        return link !== undefined;
      },
      60_000,
      500,
    );
    expect((await post('/api/auth/sign-in/verify', { token: link })).status).toBe(200);
  }, 180_000);

  it('left no mail on any host’s disk', () => {
    const dirs = [...d.hostDirs, operator.ctx.config.dataDir];
    expect(dirs).toHaveLength(3);
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'mailbox')), `${dir}/mailbox`).toBe(false);
  });
});
