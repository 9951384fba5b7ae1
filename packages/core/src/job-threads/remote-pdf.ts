import type { MessagePort } from 'node:worker_threads';
import { reviveError } from '@countersign/pdf-engine';
import type { PdfTools } from '../pdf-tools.ts';
import type { FromThread, PdfMethod, ToThread } from './protocol.ts';

type PdfResult = Extract<ToThread, { type: 'pdf-result' }>;

/**
 * A job thread's PDF tools: every call goes to the process's own PDF pools on the main thread, so the process
 * has one set of PDF workers and one memory budget (docs/topologies.md) however many job threads run.
 */
export function remotePdfTools(port: MessagePort): PdfTools & { settle(result: PdfResult): void } {
  const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  const call = <T>(method: PdfMethod, args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const callId = nextId++;
      calls.set(callId, { resolve: resolve as (value: unknown) => void, reject });
      // Copied, not moved: callers keep using their bytes (a document is prepared once per signer count).
      port.postMessage({ type: 'pdf-call', callId, method, args } satisfies FromThread);
    });
  return {
    inspect: (bytes) => call('inspect', [bytes]),
    prepare: (bytes, signerCount, inspected) => call('prepare', [bytes, signerCount, inspected]),
    finalize: (prepared, input, seal) => call('finalize', [prepared, input, seal]),
    activeContentOf: (bytes, remove) => call('activeContentOf', [bytes, remove]),
    checkDrawnSignature: (dataUrl) => call('checkDrawnSignature', [dataUrl]),
    checkFieldTexts: (items) => call('checkFieldTexts', [items]),
    renderPages: (bytes, options) => call('renderPages', [bytes, options]),
    async close() {},
    settle(result) {
      const pending = calls.get(result.callId);
      calls.delete(result.callId);
      if (!pending) return;
      if (result.ok) pending.resolve(result.value);
      else pending.reject(reviveError(result.error));
    },
  };
}
