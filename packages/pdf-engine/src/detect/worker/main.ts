/** Detection worker loop (started by entry.mjs): one document at a time; the parsers' console output is dropped. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { DetectJob, DetectReply } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('the detection worker must run in a worker thread');
for (const method of ['log', 'info', 'warn', 'debug'] as const) console[method] = () => {};

const require = createRequire(import.meta.url);
const distDir = dirname(require.resolve('pdfjs-dist/package.json'));
/** Directories pdf.js reads its data files from (trailing slash required). */
const dataPaths = {
  cMapUrl: `${join(distDir, 'cmaps')}/`,
  standardFontDataUrl: `${join(distDir, 'standard_fonts')}/`,
  wasmUrl: `${join(distDir, 'wasm')}/`,
  iccUrl: `${join(distDir, 'iccs')}/`,
};

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { analyzeForFields } = await import('./analyze.ts');

port.on('message', async (job: DetectJob) => {
  let reply: DetectReply;
  try {
    reply = {
      type: 'result',
      id: job.id,
      result: await analyzeForFields(pdfjs, dataPaths, job.bytes, job.frames),
    };
  } catch (error) {
    reply = { type: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) };
  }
  const transfer =
    reply.type === 'result' && reply.result.prepared ? [reply.result.prepared.buffer as ArrayBuffer] : [];
  port.postMessage(reply, transfer);
});
port.postMessage({ type: 'ready' } satisfies DetectReply);
