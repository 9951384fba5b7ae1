import type { ServiceProcess } from './processes.ts';

/**
 * Polls `check` (state with no event to await: a database row, a file) every `intervalMs` until it holds, or fails
 * after `timeoutMs`.
 */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The pid of a service's own node process (tsx runs it as a child), from its JSON log lines. */
export function pidOf(p: ServiceProcess): number | undefined {
  const pid = /"pid":(\d+)/.exec(p.output())?.[1];
  return pid ? Number(pid) : undefined;
}

/** Waits for a service's start line and returns the pid of its node process. */
export async function started(p: ServiceProcess, message: string, timeoutMs = 60_000): Promise<number> {
  await until(`"${message}"`, () => p.output().includes(message) && pidOf(p) !== undefined, timeoutMs).catch(
    (err: Error) => {
      throw new Error(`${err.message}\n${p.output()}`);
    },
  );
  return pidOf(p)!;
}

/** Resolves with the exit code, or fails with the process output when it takes too long. */
export async function exitOf(p: ServiceProcess, timeoutMs = 60_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no exit within ${timeoutMs} ms:\n${p.output()}`)), timeoutMs);
  });
  try {
    return await Promise.race([p.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
