import type { InspectLimits, InspectResult } from '../types.ts';

export interface WorkerSettings {
  /** Largest single buffer the parsers may allocate. */
  maxBufferBytes: number;
  /** Total of large buffers the parsers may allocate per file. */
  budgetBytes: number;
}

export interface JobMessage {
  id: number;
  bytes: Uint8Array;
  limits: InspectLimits;
}

export type WorkerReply = { type: 'ready' } | { type: 'result'; id: number; result: InspectResult };
