/**
 * The worker side of a thread pool (threads/pool.ts): answers one task at a time with the named
 * handler's result, moving (not copying) the bytes it returns, or with the error it threw.
 */
import { parentPort } from 'node:worker_threads';
import { serializeError } from './errors.ts';
import type { TaskMessage, TaskReply } from './protocol.ts';

// biome-ignore lint/suspicious/noExplicitAny: handlers take the arguments their callers send
export type TaskHandlers = Record<string, (...args: any[]) => unknown>;

export function serve(handlers: TaskHandlers): void {
  const port = parentPort;
  if (!port) throw new Error('serve() must run in a worker thread');
  port.on('message', async (message: TaskMessage) => {
    let reply: TaskReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const handler = Object.hasOwn(handlers, message.task) ? handlers[message.task] : undefined;
      if (!handler) throw new Error(`unknown task ${message.task}`);
      const value = movable(await handler(...message.args));
      transfer = transferList(value);
      reply = { type: 'done', id: message.id, value };
    } catch (error) {
      reply = { type: 'failed', id: message.id, error: serializeError(error) };
    }
    port.postMessage(reply, transfer);
  });
  port.postMessage({ type: 'ready' } satisfies TaskReply);
}

/** How deep results are searched for byte arrays to move (a renderer's pages → images → bytes is 3). */
const MAX_DEPTH = 4;

/**
 * The result with every byte array (at the top, or nested in arrays and plain objects up to MAX_DEPTH) owning its
 * whole ArrayBuffer, so it can be transferred: a view into a larger (or pooled) buffer is copied once first, which
 * also leaves the pool intact.
 */
function movable(value: unknown, depth = 0): unknown {
  if (ownsBuffer(value)) return value;
  if (value instanceof Uint8Array) return new Uint8Array(value); // a copy (Buffer#slice is not)
  if (!value || typeof value !== 'object' || depth >= MAX_DEPTH || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map((item) => movable(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = movable(item, depth + 1);
  return out;
}

function ownsBuffer(value: unknown): value is Uint8Array {
  return (
    value instanceof Uint8Array &&
    value.buffer instanceof ArrayBuffer &&
    value.byteOffset === 0 &&
    value.byteLength === value.buffer.byteLength
  );
}

function transferList(value: unknown, depth = 0, out = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ownsBuffer(value)) out.add(value.buffer as ArrayBuffer);
  else if (value && typeof value === 'object' && depth < MAX_DEPTH && !ArrayBuffer.isView(value)) {
    for (const item of Object.values(value)) transferList(item, depth + 1, out);
  }
  return [...out];
}
