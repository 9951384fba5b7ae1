import { execFileSync } from 'node:child_process';

// Fail fast with one clear message when a system tool the suite drives is missing.
// `.ci/run` installs them from Debian's packages; the README lists them for local runs.
const REQUIRED = ['redis-server', 'pdftoppm', 'pdfsig', 'qpdf'];

export default function setup(): void {
  const missing = REQUIRED.filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new Error(
      `missing system tools: ${missing.join(', ')}. Install them (Debian: apt-get install -y redis-server poppler-utils qpdf) or run .ci/run`,
    );
  }
}
