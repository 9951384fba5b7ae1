/**
 * prepare() on a generated 100-page text document against its floor: a plain pdf-lib load and
 * save of the same file with the same save options (prepare cannot do less than that).
 * Prints medians and the ratio. Run: pnpm --filter @countersign/pdf-engine bench
 */
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { closeDefaultInspector, inspect, prepare } from '../src/index.ts';
import { makeTextDocument } from '../src/testing/index.ts';

const RUNS = 15;

/** Medians of several tasks measured in turns, so a busy machine slows them all alike. */
async function medians(tasks: (() => Promise<unknown>)[]): Promise<number[]> {
  for (const task of tasks) await task(); // warm-up
  const times = tasks.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, task] of tasks.entries()) {
      const started = performance.now();
      await task();
      times[k]!.push(performance.now() - started);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!);
}

async function loadAndSave(bytes: Uint8Array, useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  return doc.save({ useObjectStreams, updateFieldAppearances: false });
}

const bytes = await makeTextDocument(100);
const inspected = await inspect(bytes);
if (!inspected.ok) throw new Error(inspected.message);
await closeDefaultInspector();

const [floorWith, floorWithout, prepared] = (await medians([
  () => loadAndSave(bytes, true),
  () => loadAndSave(bytes, false),
  () => prepare(bytes, 3, inspected),
])) as [number, number, number];
const sizeWith = (await loadAndSave(bytes, true)).length;
const sizeWithout = (await loadAndSave(bytes, false)).length;
const out = await prepare(bytes, 3, inspected);

const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(
  `input: 100-page text document, ${bytes.length} bytes; prepared: ${out.bytes.length} bytes, ${out.pageCount} pages`,
);
console.log(`floor, load+save with object streams:    ${ms(floorWith)} (${sizeWith} bytes)`);
console.log(`floor, load+save without object streams: ${ms(floorWithout)} (${sizeWithout} bytes)`);
console.log(`prepare (3 signers, object streams):     ${ms(prepared)}`);
console.log(`ratio prepare / floor: ${(prepared / floorWith).toFixed(2)}`);
