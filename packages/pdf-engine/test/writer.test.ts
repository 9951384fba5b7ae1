/**
 * finalize and prepare through the PDF writer's worker threads: the same bytes as on the caller's thread,
 * the same errors, and an event loop that stays responsive while a large document is finalized.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPdfWriter,
  type FinalizeField,
  type FinalizeInput,
  finalize,
  generateSealCertificate,
  type InspectOk,
  inspect,
  PdfEngineError,
  type PdfWriter,
  prepare,
  type SealOptions,
} from '../src/index.ts';
import { makeTextDocument } from '../src/testing/index.ts';

const PAGES = 300;
let writer: PdfWriter;
let source: Uint8Array;
let inspected: InspectOk;
let prepared: Uint8Array;
let seal: SealOptions;
let input: FinalizeInput;

beforeAll(async () => {
  writer = createPdfWriter();
  source = await makeTextDocument(PAGES);
  const result = await inspect(source, { maxPages: 5000 });
  if (!result.ok) throw new Error(result.message);
  inspected = result;
  prepared = (await prepare(source, 3, inspected)).bytes;
  const certificate = generateSealCertificate({ commonName: 'Test seal', organization: 'Test' });
  seal = {
    p12: certificate.p12,
    passphrase: certificate.passphrase,
    name: 'Test',
    reason: 'Signed by everyone',
    signingTime: new Date('2025-06-01T10:00:00Z'),
  };
  // A completion like the service's: three signers' initials on every page, then their signatures.
  const fields: FinalizeField[] = [];
  const signers = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];
  for (let page = 1; page <= PAGES; page++) {
    for (const [i, name] of signers.entries()) {
      fields.push({
        page,
        x: 400 + i * 60,
        y: 740,
        width: 50,
        height: 30,
        type: 'initials',
        value: null,
        signature: { kind: 'typed', value: name.replace(/[^A-Z]/g, '') },
      });
    }
  }
  signers.forEach((name, i) => {
    fields.push({
      page: PAGES + 1,
      x: 72,
      y: 150 + i * 150,
      width: 240,
      height: 60,
      type: 'signature',
      value: null,
      signature: { kind: 'typed', value: name },
    });
    fields.push({
      page: PAGES + 1,
      x: 340,
      y: 150 + i * 150,
      width: 150,
      height: 24,
      type: 'date',
      value: '2025-06-01',
    });
  });
  input = {
    fields,
    audit: {
      sessionId: 'session-1',
      status: 'completed',
      completedAt: new Date('2025-06-01T10:00:00Z'),
      originalSha256: 'ab'.repeat(32),
      signers: signers.map((name, i) => ({
        name,
        email: `s${i}@example.test`,
        verification: 'none',
        ip: null,
        userAgent: null,
        sentAt: null,
        viewedAt: null,
        signedAt: new Date('2025-06-01T09:00:00Z'),
      })),
    },
  };
}, 120_000);
afterAll(() => writer.close());

/** The longest the event loop went without running a 1 ms interval timer while `work` ran. */
async function maxEventLoopStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
  }, 1);
  try {
    await work();
    const now = performance.now();
    return Math.max(max, now - last);
  } finally {
    clearInterval(timer);
  }
}

describe('PDF writer (finalize and prepare in worker threads)', { timeout: 120_000 }, () => {
  it('finalizes a 300-page completion without stalling the event loop, to the same bytes', async () => {
    let direct: Awaited<ReturnType<typeof finalize>> | undefined;
    let pooled: Awaited<ReturnType<typeof finalize>> | undefined;
    const onThread = await maxEventLoopStall(async () => {
      direct = await finalize(prepared, input, seal);
    });
    // Cold: the first call includes starting the worker (which happens off this thread too).
    const cold = await maxEventLoopStall(async () => {
      pooled = await writer.finalize(prepared, input, seal);
    });
    const warm = await maxEventLoopStall(() => writer.finalize(prepared, input, seal));
    console.log(
      `event-loop max stall finalizing ${PAGES} pages: caller's thread ${onThread.toFixed(0)} ms, ` +
        `worker ${cold.toFixed(0)} ms (first call) / ${warm.toFixed(0)} ms (warm)`,
    );
    expect(pooled!.sha256).toBe(direct!.sha256);
    expect(pooled!.contentSha256).toBe(direct!.contentSha256);
    expect(pooled!.contentLength).toBe(direct!.contentLength);
    expect(Buffer.from(pooled!.bytes).equals(Buffer.from(direct!.bytes))).toBe(true);
    // What the pool avoids: on the caller's thread the stall is the whole finalize (hundreds of ms here).
    // A finalize that ran on the caller's thread again would stall about as long as `onThread`. Relative as well
    // as absolute: on an oversubscribed machine every timer gap grows, the caller's-thread stall with it.
    expect(Math.max(cold, warm)).toBeLessThan(Math.max(onThread / 2, 100));
  });

  it('prepares without stalling the event loop, to the same bytes, leaving the caller its input', async () => {
    const copy = Buffer.from(source); // a Buffer, as blob reads give: its slice() would share memory
    let result: Awaited<ReturnType<typeof prepare>> | undefined;
    const stall = await maxEventLoopStall(async () => {
      result = await writer.prepare(copy, 3, inspected);
    });
    let direct: Awaited<ReturnType<typeof prepare>> | undefined;
    const onThread = await maxEventLoopStall(async () => {
      direct = await prepare(source, 3, inspected);
    });
    expect(result).toEqual({ ...direct!, bytes: expect.any(Uint8Array) });
    expect(Buffer.from(result!.bytes).equals(Buffer.from(direct!.bytes))).toBe(true);
    expect(copy.equals(source)).toBe(true); // copied once, not moved away
    expect(stall).toBeLessThan(Math.max(onThread / 2, 100)); // as in the finalize case
  });

  it('rejects with the engine error the worker threw: same class, code and message', async () => {
    const badPage = { ...input, fields: [{ ...input.fields[0]!, page: PAGES + 5 }] };
    const [direct, pooled] = await Promise.all(
      [finalize(prepared, badPage, seal), writer.finalize(prepared, badPage, seal)].map((p) =>
        p.catch((e: unknown) => e),
      ),
    );
    expect(direct).toBeInstanceOf(PdfEngineError);
    expect(pooled).toBeInstanceOf(PdfEngineError);
    for (const key of ['name', 'code', 'message'] as const) {
      expect((pooled as PdfEngineError)[key]).toBe((direct as PdfEngineError)[key]);
    }
    expect(pooled).toMatchObject({ code: 'invalid-argument' });

    // The wrong passphrase: the error names no secret, and keeps pdf-lib's/forge's cause.
    const wrong = await writer
      .finalize(prepared, input, { ...seal, passphrase: 'not-the-passphrase' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(PdfEngineError);
    expect(wrong).toMatchObject({
      code: 'invalid-argument',
      message: 'seal certificate: not a readable PKCS#12 or wrong passphrase',
    });
    expect(JSON.stringify({ m: (wrong as Error).message, s: (wrong as Error).stack })).not.toContain(
      'not-the-passphrase',
    );

    // prepare's own checks run in the worker too.
    const other = await writer.prepare(source, 3, { ...inspected, sha256: '00'.repeat(32) }).catch((e) => e);
    expect(other).toBeInstanceOf(PdfEngineError);
    expect(other).toMatchObject({
      code: 'invalid-argument',
      message: 'the inspection result belongs to other bytes',
    });
  });

  it('fails calls after close()', async () => {
    const closing = createPdfWriter();
    await closing.close();
    await expect(closing.finalize(prepared, input, seal)).rejects.toMatchObject({
      name: 'PdfEngineError',
      code: 'worker-unavailable',
    });
  });
});

describe('PDF writer start-up', { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pdf-writer-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts under tsx through the public API, and idle workers let the process exit by itself', async () => {
    const api = new URL('../src/index.ts', import.meta.url).href;
    const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const file = join(dir, 'prepare.mts');
    await writeFile(
      file,
      `const { createPdfWriter, inspect } = await import(${JSON.stringify(api)});
       const { makePdf } = await import(${JSON.stringify(new URL('../src/testing/index.ts', import.meta.url).href)});
       const bytes = await makePdf({ pages: 2 });
       const inspected = await inspect(bytes);
       const prepared = await createPdfWriter().prepare(bytes, 1, inspected);
       console.log(JSON.stringify({ pages: prepared.pageCount }));`,
    );
    // No close() in the script: the process must still exit once the work is done.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsxLoader, file], {
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 100_000,
      killSignal: 'SIGKILL',
      cwd: dir,
    });
    expect(JSON.parse(stdout)).toEqual({ pages: 3 });
  });
});
