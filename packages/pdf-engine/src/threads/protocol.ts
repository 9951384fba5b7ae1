/** Messages between a thread pool (threads/pool.ts) and its workers (threads/serve.ts). */
import type { SerializedError } from './errors.ts';

export interface TaskMessage {
  id: number;
  task: string;
  args: unknown[];
}

export type TaskReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: SerializedError };
