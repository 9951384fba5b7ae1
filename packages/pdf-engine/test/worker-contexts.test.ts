/**
 * The inspection worker must start whatever runs its parent: vitest (every other test file),
 * plain Node with no TypeScript loader at all, and tsx. Each context here inspects a small PDF.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePage, rawPdf } from './raw-pdf.ts';

const run = promisify(execFile);
const entry = new URL('../src/inspect/worker/entry.mjs', import.meta.url).href;
const api = new URL('../src/index.ts', import.meta.url).href;
// tsx's loader in the same process (the tsx CLI would add a child process to clean up).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const pdfBase64 = Buffer.from(rawPdf(onePage())).toString('base64');
// No inherited NODE_OPTIONS: the child must stand on its own.
const env = { ...process.env, NODE_OPTIONS: '' };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-engine-contexts-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('inspection worker start-up', { timeout: 120_000 }, () => {
  it('starts from plain Node, with no loader in the parent', async () => {
    const script = `
      import { Worker } from 'node:worker_threads';
      const worker = new Worker(new URL(${JSON.stringify(entry)}), { workerData: { maxBufferBytes: 32 << 20, budgetBytes: 1 << 30 } });
      worker.on('error', (e) => { console.error(e); process.exit(2); });
      worker.on('message', (m) => {
        if (m.type === 'ready') {
          const bytes = new Uint8Array(Buffer.from(${JSON.stringify(pdfBase64)}, 'base64'));
          const limits = { maxBytes: 1e8, maxPages: 10, timeoutMs: 20000, maxMemoryMb: 512 };
          worker.postMessage({ id: 1, task: 'inspect', args: [bytes, limits] });
        } else {
          const result = m.value ?? m;
          console.log(JSON.stringify(result.ok ? { ok: true, pages: result.pageCount } : result));
          worker.terminate();
        }
      });`;
    const file = join(dir, 'plain.mjs');
    await writeFile(file, script);
    const { stdout } = await run(process.execPath, [file], { env, timeout: 100_000, killSignal: 'SIGKILL' });
    expect(JSON.parse(stdout)).toEqual({ ok: true, pages: 1 });
  });

  it('starts under tsx, through the public API, and idle workers let the process exit by itself', async () => {
    const file = join(dir, 'inspect.mts');
    await writeFile(
      file,
      `const { inspect } = await import(${JSON.stringify(api)});
       const result = await inspect(new Uint8Array(Buffer.from(${JSON.stringify(pdfBase64)}, 'base64')));
       console.log(JSON.stringify(result.ok ? { ok: true, pages: result.pageCount } : result));`,
    );
    // No close() in the script: the process must still exit once the work is done.
    const { stdout } = await run(process.execPath, ['--import', tsxLoader, file], {
      env,
      timeout: 100_000,
      killSignal: 'SIGKILL',
      cwd: dir,
    });
    expect(JSON.parse(stdout)).toEqual({ ok: true, pages: 1 });
  });

  it('runs under vitest (this process)', async () => {
    const { createInspector } = await import('../src/index.ts');
    const inspector = createInspector({ poolSize: 1 });
    try {
      const result = await inspector.inspect(rawPdf(onePage()));
      expect(result.ok && result.pageCount).toBe(1);
    } finally {
      await inspector.close();
    }
  });
});
