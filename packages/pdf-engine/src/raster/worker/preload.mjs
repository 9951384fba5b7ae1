// Loads pdf.js and the canvas with Node's own loader, before tsx is registered, so tsx never transforms them on a
// worker's start. As in the inspection worker, the legacy build's core-js replacements of Array.prototype.push and
// JSON are undone; unlike it, DecompressionStream stays: drawing needs image pixels.
import { createRequire } from 'node:module';

const push = Array.prototype.push;
const { parse, stringify } = JSON;
globalThis.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('pdfjs-dist/legacy/build/pdf.mjs');
createRequire(import.meta.url)('@napi-rs/canvas');
Array.prototype.push = push;
JSON.parse = parse;
JSON.stringify = stringify;
