import { loadConfig } from '@countersign/config';
import { createRuntime, ManualClock, queueEmail, type Runtime } from '@countersign/core';
import { OUTBOX_CHANNEL } from '@countersign/db';
import { startTestSmtpServer } from '@countersign/mail/testing';
import { createTestDatabase, tempDir, until } from '@countersign/test-support';
import { startWorker } from '@countersign/worker/loop';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';

// On PostgreSQL a worker on one host delivers what another host queued as soon as its transaction commits:
// the commit notifies OUTBOX_CHANNEL, and the worker listens. Its poll is set to an hour here, so nothing but
// the notification can have woken it.

const database = await createTestDatabase();
const smtp = await startTestSmtpServer();
const runtimes: Runtime[] = [];
/** One time for both hosts: a row one queues is due on the other. */
const clock = new ManualClock();
afterAll(async () => {
  for (const r of runtimes) await r.close();
  await smtp.close();
  await database.drop();
});

/** A host: its own DATA_DIR, the shared database, the test's SMTP server. */
async function host(): Promise<Runtime> {
  const config = loadConfig({
    DATA_DIR: tempDir('countersign-notify-'),
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    ...database.env,
  });
  const runtime = await createRuntime(config, { clock });
  runtimes.push(runtime);
  return runtime;
}

it('a worker polling hourly delivers an email another host queued, woken by the commit', async () => {
  const [workerHost, apiHost] = [await host(), await host()];
  const errors: unknown[] = [];
  const log = { error: (obj: unknown) => errors.push(obj), warn: (obj: unknown) => errors.push(obj) };
  const worker = startWorker(workerHost, workerHost.ctx.config, log, {
    consumeQueue: false,
    pollMs: 3_600_000,
  });
  try {
    // Queued once the worker listens, so only the notification can bring it to the worker before its poll.
    await until('the worker listens', async () => {
      const listeners = await apiHost.ctx.db.all<[number]>(
        sql`SELECT count(*) FROM pg_stat_activity WHERE query = ${`LISTEN ${OUTBOX_CHANNEL}`}`,
      );
      return listeners[0]![0] === 1;
    });
    const subject = `woken ${Date.now()}`;
    await queueEmail(apiHost.ctx, null, {
      to: ['signer@example.test'],
      subject,
      text: 'text',
      html: '<p>text</p>',
    });
    const mail = await smtp.waitFor((m) => m.subject === subject);
    expect(mail.subject).toBe(subject);
    expect(errors).toEqual([]);
  } finally {
    await worker.close();
  }
});
