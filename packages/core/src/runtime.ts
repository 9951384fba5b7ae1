import type { Config } from '@countersign/config';
import { closeDatabase, type Db, openDatabase } from '@countersign/db';
import { createMailer, type Mailer } from '@countersign/mail';
// The registry alone: a job thread builds a runtime and never needs BullMQ (loading it costs a thread's start).
import { JobRegistry } from '@countersign/queue/registry';
import { outboxDispatchJob } from '@countersign/schemas';
import { AccessTokens } from './auth/access-tokens.ts';
import { openBlobStore } from './blobs/open-blob-store.ts';
import type { ServiceContext } from './context.ts';
import { registerSessionJobs } from './jobs.ts';
import { devMailbox } from './mail/dev-mailbox.ts';
import type { OutboxControl } from './outbox/control.ts';
import { type Deliverers, type DispatchResult, deliverNow } from './outbox/dispatcher.ts';
import { emailDeliverer } from './outbox/email.ts';
import { type EnqueueJob, jobDeliverer } from './outbox/jobs.ts';
import { outboxPasses } from './outbox/passes.ts';
import { createPdfTools, type PdfTools } from './pdf-tools.ts';
import { loadServiceSecrets, secretStoreFor } from './secrets/service-secrets.ts';
import { type Clock, systemClock } from './support/clock.ts';
import { secureDataDir } from './support/data-dir.ts';
import { databaseFile, databaseLocation, devMailboxDir } from './support/data-paths.ts';
import { noTelemetry, type Telemetry } from './support/telemetry.ts';
import { webhookDeliverer } from './webhooks/deliverer.ts';

/** Everything a process (API or worker) builds once at start and closes on shutdown. */
export interface Runtime {
  ctx: ServiceContext;
  db: Db;
  mailer: Mailer;
  accessTokens: AccessTokens;
  jobs: JobRegistry;
  /** Paths under DATA_DIR whose group/world access this start removed (the process logs them). */
  tightened: string[];
  /**
   * Whether a job thread can build the same runtime from the config alone: not when a test injected a clock
   * or a mailer, which cannot cross a thread (then the in-process queue runs jobs on this thread).
   */
  threadable: boolean;
  /** Delivers what is due in the outbox now; concurrent calls share one pass. */
  dispatchOutbox(): Promise<DispatchResult>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  /** Overrides the mailer built from the config (tests inject a failing one to prove retries). */
  mailer?: Mailer;
  /** Where the process reports what it does (metrics); nowhere by default. */
  telemetry?: Telemetry;
  /** The PDF tools to use instead of this process's own pools (a job thread uses the main thread's). */
  pdf?: PdfTools;
  /** How a commit asks for an outbox pass when this process hosts no worker: a job for a worker elsewhere. */
  wakeOutbox?: () => void;
  /**
   * How this process queues jobs: with it, its outbox passes deliver `job` rows (outbox/jobs.ts); without it (a
   * job thread, the CLI) they leave them to a process that has a queue.
   */
  enqueue?: EnqueueJob;
}

export { databaseFile, databaseLocation, devMailboxDir };

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const tightened = secureDataDir(config.dataDir);
  const telemetry = options.telemetry ?? noTelemetry;
  const db = await openDatabase(databaseLocation(config), {
    onBusyWait: (waitedMs, outcome) => telemetry.busyWait(waitedMs, outcome),
  });
  const clock = options.clock ?? systemClock;
  const secrets = await loadServiceSecrets(config, secretStoreFor(config, db, clock)).catch(async (err) => {
    await closeDatabase(db);
    throw err;
  });
  const pdf = options.pdf ?? createPdfTools(config);
  const mailbox = devMailbox({ db, config });
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, devMailbox: mailbox });
  const outbox: OutboxControl = {
    // A pass of its own, never part of a transaction the caller may be in; failures are recorded on the rows
    // and retried by the poll. A process without a worker asks one elsewhere instead (options.wakeOutbox).
    kick: options.wakeOutbox ?? (() => void db.detached(() => passes.dispatch()).catch(() => {})),
    deliverNow: (ids) => deliverNow(ctx, deliverers, ids),
  };
  const ctx: ServiceContext = {
    db,
    config,
    clock,
    telemetry,
    blobs: openBlobStore({ db, config, clock }),
    secrets,
    pdf,
    outbox,
  };
  const accessTokens = new AccessTokens(ctx, secrets.jwtSecret);
  const deliverers: Deliverers = {
    email: emailDeliverer(ctx, mailer, mailbox),
    webhook: webhookDeliverer(ctx),
    ...(options.enqueue ? { job: jobDeliverer(options.enqueue) } : {}),
  };
  const passes = outboxPasses(ctx, deliverers);
  const dispatch = passes.dispatch;

  const jobs = new JobRegistry({ onJob: (run) => telemetry.job(run) }).register(outboxDispatchJob, async () =>
    dispatch(),
  );
  registerSessionJobs(ctx, jobs);

  return {
    ctx,
    db,
    mailer,
    accessTokens,
    jobs,
    tightened,
    threadable: !options.clock && !options.mailer,
    dispatchOutbox: dispatch,
    async close() {
      await passes.settled();
      await mailer.close();
      await ctx.pdf.close();
      await closeDatabase(db);
    },
  };
}
