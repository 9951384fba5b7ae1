/**
 * renderPages from a job thread: the call crosses to the process's PDF tools and the drawn pages come back with
 * their image bytes moved, not copied (job-threads/protocol.ts movableBuffers walks the nested images).
 */
import { MessageChannel } from 'node:worker_threads';
import { createPageRenderer, PdfEngineError, serializeError } from '@countersign/pdf-engine';
import { makePdf } from '@countersign/pdf-engine/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type FromThread, movableBuffers, type ToThread } from '../src/job-threads/protocol.ts';
import { remotePdfTools } from '../src/job-threads/remote-pdf.ts';

const renderer = createPageRenderer({ size: 1 });
const channel = new MessageChannel();
const moved: number[] = [];
// The main thread's side, as job-threads/threads.ts answers a pdf-call.
channel.port2.on('message', (message: FromThread) => {
  if (message.type !== 'pdf-call' || message.method !== 'renderPages') return;
  const [bytes, options] = message.args as Parameters<typeof renderer.render>;
  const send = (reply: ToThread, transfer: ArrayBuffer[] = []) => channel.port2.postMessage(reply, transfer);
  renderer.render(bytes, options).then(
    (value) => {
      const transfer = movableBuffers(value);
      moved.push(transfer.length);
      send({ type: 'pdf-result', callId: message.callId, ok: true, value }, transfer);
      expect(value[0]!.images[0]!.bytes.byteLength).toBe(0); // detached here: it moved
    },
    (error: unknown) =>
      send({ type: 'pdf-result', callId: message.callId, ok: false, error: serializeError(error) }),
  );
});
const remote = remotePdfTools(channel.port1);
channel.port1.on('message', (message: ToThread) => {
  if (message.type === 'pdf-result') remote.settle(message);
});
afterAll(async () => {
  channel.port1.close();
  await renderer.close();
});

describe('renderPages on a job thread', () => {
  it('returns the pages with their images, every image buffer moved', async () => {
    const pages = await remote.renderPages(await makePdf({ pages: 2 }), { widths: [100, 200] });
    expect(pages.map((p) => [p.page, p.images.map((i) => [i.width, i.mime])])).toEqual([
      [
        1,
        [
          [100, 'image/webp'],
          [200, 'image/webp'],
        ],
      ],
      [
        2,
        [
          [100, 'image/webp'],
          [200, 'image/webp'],
        ],
      ],
    ]);
    expect(pages[0]!.images[0]!.bytes.byteLength).toBeGreaterThan(100);
    expect(moved).toEqual([4]);
  });

  it('rejects with the engine error naming what failed', async () => {
    const error = await remote
      .renderPages(new Uint8Array([1, 2, 3]), { widths: [100] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfEngineError);
    expect(error).toMatchObject({ code: 'render-failed' });
  });
});
