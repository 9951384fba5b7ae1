/**
 * pdf-lib inside an inspection worker: its single-file build, which loads in a third of the
 * time of the ~300-file CommonJS build (worker start-up is paid again after every crash,
 * timeout and recycle). Same API; every pdf-lib object in the worker must come from here,
 * so `instanceof` checks agree. `preload.mjs` has already loaded it.
 */
import { createRequire } from 'node:module';

export const pdfLib: typeof import('pdf-lib') = createRequire(import.meta.url)('pdf-lib/dist/pdf-lib.min.js');
