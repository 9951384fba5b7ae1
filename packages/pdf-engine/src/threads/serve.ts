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

/**
 * The result with every top-level byte array owning its whole ArrayBuffer, so it can be transferred:
 * a view into a larger (or pooled) buffer is copied once first, which also leaves the pool intact.
 */
function movable(value: unknown): unknown {
  if (ownsBuffer(value)) return value;
  if (value instanceof Uint8Array) return new Uint8Array(value); // a copy (Buffer#slice is not)
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, item] of Object.entries(out)) {
    if (item instanceof Uint8Array && !ownsBuffer(item)) out[key] = new Uint8Array(item);
  }
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

function transferList(value: unknown): ArrayBuffer[] {
  if (ownsBuffer(value)) return [value.buffer as ArrayBuffer];
  if (!value || typeof value !== 'object') return [];
  return Object.values(value).flatMap((item) => (ownsBuffer(item) ? [item.buffer as ArrayBuffer] : []));
}
