export {
  type BullOptions,
  type BullWorkerHandle,
  type BullWorkerOptions,
  createBullQueue,
  createBullWorker,
} from './bullmq.ts';
export { createInProcessQueue } from './in-process.ts';
export { type JobDispatcher, JobRegistry, type JobRun, throughTheWire } from './registry.ts';
export {
  type EnqueueOptions,
  type JobContext,
  type JobDefinition,
  JobFailedError,
  type JobHandler,
  type JobPayload,
  type JobQueue,
  JobTimeoutError,
  JobUnavailableError,
  QueueUnavailableError,
  type RunOptions,
  UNAVAILABLE_MARK,
} from './types.ts';
