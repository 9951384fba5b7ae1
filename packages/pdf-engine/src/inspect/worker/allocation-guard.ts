/**
 * Bounds the buffer memory (and wasted work) of the parsers in this thread.
 *
 * resourceLimits only cap the JS heap; typed-array memory lives outside it. pdf.js and pdf-lib
 * grow a decoded stream by reallocating one buffer of doubling size, so: no single buffer above
 * `maxBuffer`, and no more than `budget` bytes in buffers of 1 MB or more per file.
 *
 * pdf.js also decodes every image the operator list meets, though we only need where images
 * are, never their pixels: on a scanned document that decoding is most of the time spent. So
 * buffers of 64 KB or more requested from pdf.js's image decoders are refused outright.
 *
 * A refused allocation is an ordinary exception inside the parser, which pdf.js tolerates: an
 * image stays undecoded (its paint operator, hence its box, is already recorded), an oversized
 * stream is cut. Verdicts never rest on this guard alone; `tripped` only sharpens the message of
 * a failure. Install in a worker only: it replaces the global typed-array constructors.
 */
const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
] as const;

const COUNTED_FROM = 1024 * 1024;
const IMAGE_CHECK_FROM = 64 * 1024;
/** Classes and functions of pdf.js's image decoding (legacy build, unminified); a renamed one only costs speed. */
const IMAGE_TYPES = new Set([
  'PDFImage',
  'JpegImage',
  'JpxImage',
  'Jbig2Image',
  'CCITTFaxDecoder',
  'JpegStream',
  'JpxStream',
  'Jbig2Stream',
  'CCITTFaxStream',
]);
const IMAGE_FUNCTIONS = new Set(['decodeImage', 'decodeImageFallback', 'createImageData', 'getImageBytes']);

let maxBuffer = Number.POSITIVE_INFINITY;
let budget = Number.POSITIVE_INFINITY;
let spent = 0;
let tripped = false;

/** Reads the call stack as call sites: cheaper than a stack string, and never source-mapped. */
function fromImageDecoder(): boolean {
  const { prepareStackTrace, stackTraceLimit } = Error;
  Error.prepareStackTrace = (_error, sites) => sites;
  Error.stackTraceLimit = 24;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  Error.captureStackTrace(holder, fromImageDecoder);
  const sites = holder.stack ?? [];
  Error.prepareStackTrace = prepareStackTrace;
  Error.stackTraceLimit = stackTraceLimit;
  return sites.some(
    (site) => IMAGE_TYPES.has(site.getTypeName() ?? '') || IMAGE_FUNCTIONS.has(site.getFunctionName() ?? ''),
  );
}

function check(elements: unknown, bytesPerElement: number): void {
  if (typeof elements !== 'number') return;
  const bytes = elements * bytesPerElement;
  if (bytes < IMAGE_CHECK_FROM) return;
  if (fromImageDecoder()) throw new RangeError('image decoding is not needed to inspect a PDF');
  if (bytes < COUNTED_FROM) return;
  if (bytes > maxBuffer || spent + bytes > budget) {
    tripped = true;
    throw new RangeError(`allocation of ${bytes} bytes refused by the inspection guard`);
  }
  spent += bytes;
}

export function installAllocationGuard(limits: { maxBufferBytes: number; budgetBytes: number }): void {
  maxBuffer = limits.maxBufferBytes;
  budget = limits.budgetBytes;
  const g = globalThis as unknown as Record<string, unknown>;
  for (const name of TYPED_ARRAYS) {
    const Original = g[name] as { new (...args: unknown[]): unknown; BYTES_PER_ELEMENT: number };
    g[name] = new Proxy(Original, {
      construct(target, args, newTarget) {
        check(args[0], target.BYTES_PER_ELEMENT);
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
  g.ArrayBuffer = new Proxy(ArrayBuffer, {
    construct(target, args, newTarget) {
      check(args[0], 1);
      return Reflect.construct(target, args, newTarget);
    },
  });
}

/** Starts a new file: a fresh budget and a clear flag. */
export function resetAllocationGuard(): void {
  spent = 0;
  tripped = false;
}

export function allocationGuardTripped(): boolean {
  return tripped;
}
