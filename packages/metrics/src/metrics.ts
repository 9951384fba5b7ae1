import { createHash, timingSafeEqual } from 'node:crypto';
import { outboxBacklog, type Runtime, type Telemetry } from '@countersign/core';
import type { JobQueue } from '@countersign/queue';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a fast JSON answer to a large send's wait for its job. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const JOB_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** SQLite lock waits: tenths of a millisecond when healthy, up to the 10 s busy timeout when not. */
const BUSY_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10];

/**
 * Every metric of a process, in one registry. Sources report through `telemetry` (pass it to
 * `createRuntime`); the HTTP layer through `httpRequest`; gauges that describe state (queue depth, outbox lag)
 * are read at scrape time from the runtime and queue given to `observe`.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly telemetry: Telemetry;
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** Where the scrape-time gauges read from; a process without a queue producer (a worker) passes none. */
  observe(sources: { runtime: Runtime; queue?: JobQueue }): void;
  /** The exposition (Prometheus text format) and its content type. */
  scrape(): Promise<{ body: string; contentType: string }>;
}

export function createMetrics(labels: { service: 'api' | 'worker' }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry, prefix: 'countersign_' });
  let sources: { runtime: Runtime; queue?: JobQueue } | undefined;

  /** A histogram of durations in seconds. */
  const seconds = <L extends string>(
    name: string,
    help: string,
    series: { labelNames: readonly L[]; buckets: number[] },
  ) => new Histogram({ name, help, ...series, registers: [registry] });
  const http = seconds(
    'countersign_http_request_duration_seconds',
    'HTTP requests by method, route pattern and status, until the response was handed over.',
    { labelNames: ['method', 'route', 'status'], buckets: HTTP_BUCKETS },
  );
  const jobWait = seconds(
    'countersign_job_wait_seconds',
    'Time a job waited in the queue (from due to its handler starting), by kind.',
    { labelNames: ['kind'], buckets: JOB_BUCKETS },
  );
  const jobDuration = seconds(
    'countersign_job_duration_seconds',
    "Time a job's handler ran, by kind and outcome (failed: it threw).",
    { labelNames: ['kind', 'outcome'], buckets: JOB_BUCKETS },
  );
  new Gauge({
    name: 'countersign_queue_depth',
    help: 'Jobs waiting to start (delayed included), by kind, as the queue reports them.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!sources?.queue) return;
      try {
        for (const [kind, n] of Object.entries(await sources.queue.depth())) this.set({ kind }, n);
      } catch {
        // The queue is unreachable: no value rather than a wrong one (readiness reports the outage).
      }
    },
  });
  new Gauge({
    name: 'countersign_jobs_active',
    help: 'Job handlers running in this process, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (!sources) return;
      for (const [kind, n] of Object.entries(sources.runtime.jobs.active())) this.set({ kind }, n);
    },
  });
  const backlog = async () => (sources ? await outboxBacklog(sources.runtime.ctx) : undefined);
  new Gauge({
    name: 'countersign_outbox_lag_seconds',
    help: 'How long the oldest due, undelivered outbox row has been waiting, by kind (0: none waiting).',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      for (const [kind, { lagMs }] of Object.entries((await backlog()) ?? {}))
        this.set({ kind }, lagMs / 1000);
    },
  });
  new Gauge({
    name: 'countersign_outbox_pending',
    help: 'Due outbox rows not yet delivered, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      for (const [kind, { pending }] of Object.entries((await backlog()) ?? {})) this.set({ kind }, pending);
    },
  });
  /** A counter by outcome; each outcome's series exists from the start. */
  const outcomeCounter = (name: string, help: string, outcomes: string[]) => {
    const counter = new Counter({ name, help, labelNames: ['outcome'] as const, registers: [registry] });
    // Zero series from the start, so rate() and absence alerts work before the first event.
    for (const outcome of outcomes) counter.inc({ outcome }, 0);
    return counter;
  };
  const webhooks = outcomeCounter(
    'countersign_webhook_deliveries_total',
    'Webhook delivery attempts by outcome: delivered, retrying (will be tried again), failed (gave up).',
    ['delivered', 'retrying', 'failed'],
  );
  const emails = outcomeCounter(
    'countersign_emails_total',
    'Email send attempts by outcome: sent, retrying (will be tried again), failed (gave up).',
    ['sent', 'retrying', 'failed'],
  );
  const completions = outcomeCounter(
    'countersign_completions_total',
    'Session completions (final PDFs sealed) and completion failures (recorded, retried later).',
    ['completed', 'failed'],
  );
  const busy = seconds(
    'countersign_db_busy_wait_seconds',
    "Waits for another connection's SQLite write lock, by outcome (acquired, timed_out).",
    { labelNames: ['outcome'], buckets: BUSY_BUCKETS },
  );

  const telemetry: Telemetry = {
    job(run) {
      jobWait.observe({ kind: run.kind }, run.waitMs / 1000);
      jobDuration.observe({ kind: run.kind, outcome: run.outcome }, run.durationMs / 1000);
    },
    delivery(kind, outcome) {
      // A `job` row only hands a session job to the queue: the jobs' own metrics count what follows.
      if (kind === 'webhook') webhooks.inc({ outcome });
      else if (kind === 'email') emails.inc({ outcome: outcome === 'delivered' ? 'sent' : outcome });
    },
    completion(outcome) {
      completions.inc({ outcome });
    },
    busyWait(waitedMs, outcome) {
      busy.observe({ outcome }, waitedMs / 1000);
    },
  };

  return {
    registry,
    telemetry,
    httpRequest(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    observe(s) {
      sources = s;
    },
    async scrape() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/** Whether an `Authorization` header carries the metrics token (constant time, whatever the lengths). */
export function metricsAuthorized(header: string | undefined | null, token: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}
