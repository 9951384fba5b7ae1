// Loads the parsers with Node's own loader, before tsx is registered: through tsx, pdf.js's
// multi-megabyte files would be transpiled again on every worker start (seconds, not 100s of ms).
//
// The legacy build's core-js polyfills replace Array.prototype.push and JSON with slower
// versions (for edge cases like arrays longer than 2^32) for the whole thread; we keep the
// native ones. DecompressionStream is removed: pdf.js only uses it to inflate whole image
// streams natively, off our allocation guard, and inspection never needs image pixels.
import { createRequire } from 'node:module';

const push = Array.prototype.push;
const { parse, stringify } = JSON;
delete globalThis.DecompressionStream;
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
createRequire(import.meta.url)('pdf-lib/dist/pdf-lib.min.js');
Array.prototype.push = push;
JSON.parse = parse;
JSON.stringify = stringify;
