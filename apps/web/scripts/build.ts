import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** apps/web: its sources, and `dist/` where `vite build` writes what the API serves under /app. */
export const WEB_DIR = path.resolve(import.meta.dirname, '..');
export const WEB_DIST_DIR = path.join(WEB_DIR, 'dist');
/** The signing page's script (src/signing, vite.signing.config.ts), served by the API under /assets/signing/. */
export const SIGNING_SCRIPT = path.join(WEB_DIR, 'dist-signing/signing.js');
/** What builds both: `pnpm build` (and `pnpm start`, which runs it first). */
export const BUILD_COMMAND = 'pnpm build';
const STAMP = path.join(WEB_DIST_DIR, '.source-hash');
// The /verify page bundles the verifier's sources too: a change there must rebuild it. src/ holds the
// signing page's sources as well, so one stamp covers both builds.
const INPUTS = [
  'src',
  'index.html',
  'verify.html',
  'vite.config.ts',
  'vite.signing.config.ts',
  'package.json',
  '../../packages/verify/src',
];

function listFiles(p: string): string[] {
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((name) => listFiles(path.join(p, name)));
}

/** A hash of every input of the build: a fresh clone, a pull or an edit all change it. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((p) => listFiles(path.join(WEB_DIR, p)))) {
    hash.update(path.relative(WEB_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function isBuildCurrent(): boolean {
  return existsSync(STAMP) && existsSync(SIGNING_SCRIPT) && readFileSync(STAMP, 'utf8') === sourceHash();
}

/**
 * Builds the app and the signing page's script unless both are builds of exactly these sources. Returns
 * whether it built.
 */
export function ensureWebBuilt(log: (line: string) => void = () => {}): boolean {
  if (isBuildCurrent()) return false;
  log('building the web app and the signing page (apps/web)...');
  const vite = path.join(WEB_DIR, 'node_modules/vite/bin/vite.js');
  for (const config of ['vite.config.ts', 'vite.signing.config.ts']) {
    // Always the production build: vitest sets NODE_ENV=test, which would give Vite React's development build
    // (twice the size, StrictMode's double effects), and the stamp below would then serve it to `pnpm start` too.
    execFileSync(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  writeFileSync(STAMP, sourceHash());
  return true;
}

// `node --import tsx apps/web/scripts/build.ts`: what `pnpm start` runs first.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  ensureWebBuilt((line) => process.stderr.write(`${line}\n`));
}

/** vitest globalSetup: the browser tests drive the built app, built once before any test file runs. */
export default function setup(): void {
  ensureWebBuilt((line) => process.stderr.write(`${line}\n`));
}
