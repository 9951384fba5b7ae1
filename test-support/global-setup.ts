import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM_PATH } from './src/chromium.ts';

// Fail fast with one clear message when a system tool the suite drives is missing, naming the Debian package
// that provides it. `.ci/run` installs them on a fresh machine.
const REQUIRED: { what: string; present: () => boolean; debian: string }[] = [
  { what: 'redis-server', present: () => onPath('redis-server'), debian: 'redis-server' },
  {
    what: 'pdftoppm, pdfsig',
    present: () => onPath('pdftoppm') && onPath('pdfsig'),
    debian: 'poppler-utils',
  },
  { what: 'qpdf', present: () => onPath('qpdf'), debian: 'qpdf' },
  // The browser tests drive this exact binary with playwright-core (which downloads no browser).
  { what: CHROMIUM_PATH, present: () => fs.existsSync(CHROMIUM_PATH), debian: 'chromium' },
];

function onPath(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export default function setup(): void {
  const missing = REQUIRED.filter((r) => !r.present());
  if (missing.length > 0) {
    throw new Error(
      `missing system tools: ${missing.map((m) => m.what).join(', ')}. Install them with ` +
        `"apt-get install -y ${missing.map((m) => m.debian).join(' ')}" (Debian/Ubuntu), or run .ci/run`,
    );
  }
}
