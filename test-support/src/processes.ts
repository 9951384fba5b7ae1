import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './tmp.ts';

/** `node --import tsx`: one process (the tsx CLI would add a relay that may SIGKILL on SIGTERM). */
const NODE_ARGS = ['--import', 'tsx'];

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once the output contains `text` (rejects if the process exits first or the time is up). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited, with its code (null when killed by a signal). */
  exited: Promise<number | null>;
  signal(sig: NodeJS.Signals): void;
}

/**
 * Runs one of our entry points (`apps/api/src/main.ts`, ...) as a real child process with its own env;
 * `wrapper` runs node (`ip netns exec <name>`, which execs it: the child's pid stays node's).
 */
export function spawnEntry(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
  wrapper: string[] = [],
): ServiceProcess {
  const argv = [...wrapper, process.execPath, ...NODE_ARGS, path.join(repoRoot, entry), ...args];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: repoRoot,
    // Pages drawn ahead of time off, as in the in-process harness: a test that counts queued jobs or times a
    // shutdown must not meet drawing jobs it did not ask for (`PAGE_IMAGES: '1'` in `env` turns it on).
    env: { ...process.env, LOG_LEVEL: 'info', PAGE_IMAGES: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForOutput = (text: string, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`no "${text}" within ${timeoutMs} ms:\n${out}`)),
        timeoutMs,
      );
      const check = () => out.includes(text) && finish();
      const early = () => finish(new Error(`exited before printing "${text}":\n${out}`));
      function finish(error?: Error) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        child.stderr?.off('data', check);
        child.off('exit', early);
        if (error) reject(error);
        else resolve();
      }
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.on('exit', early);
      check();
    });
  return { child, output: () => out, waitForOutput, exited, signal: (sig) => child.kill(sig) };
}

/** Polls a URL until it answers 200 or the time is up. */
export async function waitForUrl(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Runs the admin CLI like an operator would; returns exit code, parsed stdout (when JSON) and stderr. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; json: unknown; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [...NODE_ARGS, path.join(repoRoot, 'apps/api/src/cli/main.ts'), ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // 'close', not 'exit': the child's stdout may still hold unread data when it exits.
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {}
      resolve({ code, json, stdout, stderr });
    });
  });
}
