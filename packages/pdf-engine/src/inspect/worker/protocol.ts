/** What the inspection worker gets as `workerData` (its tasks travel as threads/protocol.ts messages). */
export interface WorkerSettings {
  /** Largest single buffer the parsers may allocate. */
  maxBufferBytes: number;
  /** Total of large buffers the parsers may allocate per file. */
  budgetBytes: number;
}
