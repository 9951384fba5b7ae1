// Plain JavaScript entry of the detection worker, like the inspection worker's: load the parsers with
// Node's own loader (through tsx, pdf.js's multi-megabyte files would be transpiled on every start),
// keep the native Array.prototype.push and JSON that the legacy build's polyfills replace, and remove
// DecompressionStream so pdf.js decodes with its own bounded decoder. Then enable TypeScript for our modules.
const push = Array.prototype.push;
const { parse, stringify } = JSON;
delete globalThis.DecompressionStream;
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('pdf-lib');
Array.prototype.push = push;
JSON.parse = parse;
JSON.stringify = stringify;

const { register } = await import('tsx/esm/api');
register();
await import('./main.ts');
