import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ownFiles, pdfjsFiles } from './assets.ts';
import { compressAsset } from './static-files.ts';

/**
 * `pnpm precompress` (run by `pnpm install`): brotli (quality 11) and gzip copies of the signing page's assets
 * and pdf.js, in the shared cache. The server also makes any missing copy on first request, in the background
 * (and at start for the page's script, which `pnpm install` on a fresh checkout runs before its first build).
 */
const COMPRESSIBLE = /\.(m?js|css|svg|wasm|ttf|pfb|icc)$/;
const files = [...pdfjsFiles().values(), ...ownFiles().values()].filter((f) => COMPRESSIBLE.test(f));
const started = Date.now();
for (const file of files) {
  const body = readFileSync(file);
  await compressAsset({ body, type: '', sha256: createHash('sha256').update(body).digest('hex') });
}
console.log(
  `precompressed ${files.length} assets in ${((Date.now() - started) / 1000).toFixed(1)} s (${path.basename(import.meta.filename)})`,
);
