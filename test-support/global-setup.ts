import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from './src/chromium.ts';
import { dropStaleTestDatabases, POSTGRES_ADMIN_URL } from './src/postgres.ts';

// Fail fast with one clear message when a system tool the suite drives is missing, naming the Debian package
// that provides it. `.ci/run` installs them on a fresh machine.
const REQUIRED: { what: string; present: () => boolean; debian: string; hint?: string }[] = [
  { what: 'redis-server', present: () => onPath('redis-server'), debian: 'redis-server' },
  {
    what: 'pdftoppm, pdfsig',
    present: () => onPath('pdftoppm') && onPath('pdfsig'),
    debian: 'poppler-utils',
  },
  { what: 'qpdf', present: () => onPath('qpdf'), debian: 'qpdf' },
  // The browser tests drive this exact binary with playwright-core (which downloads no browser).
  { what: CHROMIUM_PATH, present: () => fs.existsSync(CHROMIUM_PATH), debian: 'chromium' },
  // Tests of the PostgreSQL topology make databases of their own on the machine's server.
  {
    what: `PostgreSQL accepting connections at ${POSTGRES_ADMIN_URL}`,
    present: () => accepting(POSTGRES_ADMIN_URL),
    debian: 'postgresql',
    hint: 'installed but stopped? pg_ctlcluster $(ls /etc/postgresql) main start',
  },
];

function accepting(url: string): boolean {
  try {
    execFileSync('pg_isready', ['-q', '-d', url], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function onPath(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export default async function setup(): Promise<void> {
  const missing = REQUIRED.filter((r) => !r.present());
  if (missing.length > 0) {
    throw new Error(
      `missing system tools: ${missing.map((m) => m.what).join(', ')}. Install them with ` +
        `"apt-get install -y ${missing.map((m) => m.debian).join(' ')}" (Debian/Ubuntu), or run .ci/run` +
        missing.map((m) => (m.hint ? `; ${m.what}: ${m.hint}` : '')).join(''),
    );
  }
  const dropped = await dropStaleTestDatabases();
  if (dropped.length > 0) console.log(`dropped ${dropped.length} test databases left by earlier runs`);
}
