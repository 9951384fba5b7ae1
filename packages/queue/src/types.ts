import type { z } from 'zod';

/** A job kind as data: its name and the schema its payload must satisfy on both sides of the queue. */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  /** Attempts for transient failures (a thrown error); domain outcomes are returned, never thrown. */
  attempts?: number;
}

export type JobPayload<D extends JobDefinition> = z.output<D['payload']>;

/** Handlers return a JSON-serialisable result: results, not exceptions, cross the queue. */
export type JobHandler<D extends JobDefinition = JobDefinition> = (
  payload: JobPayload<D>,
  ctx: JobContext,
) => Promise<unknown>;

export interface JobContext {
  /** Stable across retries of the same job: handlers key their idempotent writes on it. */
  jobId: string;
  attempt: number;
}

export interface RunOptions {
  /** Same id, same job: a retried request does not enqueue twice. */
  jobId?: string;
  timeoutMs: number;
}

export interface EnqueueOptions {
  jobId?: string;
  delayMs?: number;
}

/** What the API (and anything else that produces jobs) sees, whatever the driver. */
export interface JobQueue {
  readonly driver: 'in-process' | 'bullmq';
  /** Enqueue and wait for the handler's result. */
  run<T = unknown>(def: JobDefinition, payload: unknown, options: RunOptions): Promise<T>;
  /** Enqueue without waiting (e.g. "dispatch the outbox now"). */
  enqueue(def: JobDefinition, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /** Jobs waiting to start (delayed ones included), by kind: the queue's depth. */
  depth(): Promise<Record<string, number>>;
  /** Whether the queue can accept work right now (readiness probe). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** Redis is unreachable: the API answers 503 at once instead of hanging. */
export class QueueUnavailableError extends Error {
  override name = 'QueueUnavailableError';
  readonly code = 'service_unavailable';
}

/** The job did not finish within the caller's wait; it may still complete later. */
export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
  readonly code = 'job_timeout';
}

/**
 * The job's attempts all met a dependency out of reach (the database, blob storage): a 503 to retry later,
 * not a failure of the request. BullMQ carries only the reason's text across processes, so the worker marks it.
 */
export class JobUnavailableError extends Error {
  override name = 'JobUnavailableError';
  readonly code = 'job_unavailable';
}

/** How a worker marks the reason of a job that met an unavailable dependency (see JobUnavailableError). */
export const UNAVAILABLE_MARK = '[unavailable] ';

/** The job failed after its attempts (a bug or a persistent transient failure). */
export class JobFailedError extends Error {
  override name = 'JobFailedError';
  readonly code = 'job_failed';
}
