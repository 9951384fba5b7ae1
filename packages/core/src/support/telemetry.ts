import type { JobRun } from '@countersign/queue';
import type { OutboxKind } from '../outbox/outbox.ts';

/**
 * What the service reports as it works, for metrics. The sources (queue registry, outbox dispatcher,
 * completion, the database's busy wait) call these; one implementation (`@countersign/metrics`) turns
 * them into Prometheus series, so no metric library is imported anywhere else.
 */
export interface Telemetry {
  job(run: JobRun): void;
  /** One delivery attempt of an outbox row: an email sent, a webhook delivered, or not. */
  delivery(kind: OutboxKind, outcome: 'delivered' | 'retrying' | 'failed'): void;
  completion(outcome: 'completed' | 'failed'): void;
  /** A statement or transaction waited for another connection's write lock this long. */
  busyWait(waitedMs: number, outcome: 'acquired' | 'timed_out'): void;
}

export const noTelemetry: Telemetry = {
  job() {},
  delivery() {},
  completion() {},
  busyWait() {},
};
