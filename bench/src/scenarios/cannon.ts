import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '@countersign/test-support';

export interface CannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface CannonOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Each connection cycles through these in order (plain data, so no setup hooks cross the process line). */
  requests: CannonRequest[];
}

export interface CannonResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon in a child process against a server of this one and returns its summary. */
export function cannon(options: CannonOptions): Promise<CannonResult> {
  const entry = path.join(import.meta.dirname, 'cannon-child.ts');
  // A file, not argv: a thousand request bodies exceed the kernel's limit on one argument.
  const file = path.join(tempDir('bench-cannon-'), 'options.json');
  fs.writeFileSync(file, JSON.stringify(options));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as CannonResult);
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err.slice(0, 200)}`));
      }
    });
  });
}
