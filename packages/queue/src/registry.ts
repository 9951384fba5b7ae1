import type { JobDefinition, JobHandler } from './types.ts';

/** One handler run, as a job observer sees it (metrics): how long it waited and how long it ran. */
export interface JobRun {
  kind: string;
  /** From when the job became due (enqueued, or its delay over) to when its handler started. */
  waitMs: number;
  durationMs: number;
  outcome: 'completed' | 'failed';
}

/** Runs a job by name, wherever its handler lives. */
export type JobDispatcher = (
  name: string,
  rawPayload: unknown,
  ctx: { jobId: string; attempt: number; dueAt?: number },
) => Promise<unknown>;

export interface JobRegistryOptions {
  onJob?: (run: JobRun) => void;
}

/**
 * A payload or a result as it arrives after crossing Redis: a JSON round trip. The in-process driver sends every
 * job through it where the handler runs, so both drivers exercise the same contract.
 */
export const throughTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

/** Pairs each job definition with its handler; both drivers dispatch through the same registry. */
export class JobRegistry {
  private readonly entries = new Map<string, { def: JobDefinition; handler: JobHandler }>();
  private readonly running = new Map<string, number>();
  private delegate: JobDispatcher | undefined;

  constructor(private readonly options: JobRegistryOptions = {}) {}

  register<D extends JobDefinition>(def: D, handler: JobHandler<D>): this {
    if (this.entries.has(def.name)) throw new Error(`job ${def.name} registered twice`);
    this.entries.set(def.name, { def, handler: handler as JobHandler });
    return this;
  }

  /**
   * Validates the payload against the job's schema and runs the handler. `dueAt` (epoch ms) is when the
   * job became due, so that the wait in the queue can be observed whichever driver carried it.
   */
  async dispatch(
    name: string,
    rawPayload: unknown,
    ctx: { jobId: string; attempt: number; dueAt?: number },
  ): Promise<unknown> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`no handler for job ${name}`);
    if (this.delegate) return this.counted(name, this.delegate(name, rawPayload, ctx));
    const started = Date.now();
    this.running.set(name, (this.running.get(name) ?? 0) + 1);
    let outcome: JobRun['outcome'] = 'failed';
    try {
      const payload = entry.def.payload.parse(rawPayload);
      const result = await entry.handler(payload, { jobId: ctx.jobId, attempt: ctx.attempt });
      outcome = 'completed';
      return result;
    } finally {
      this.running.set(name, (this.running.get(name) ?? 1) - 1);
      this.options.onJob?.({
        kind: name,
        waitMs: Math.max(0, started - (ctx.dueAt ?? started)),
        durationMs: Date.now() - started,
        outcome,
      });
    }
  }

  /**
   * Hands every dispatch to `dispatcher` (e.g. job threads, each with a registry of its own that validates,
   * runs and reports the job) instead of this registry's handlers; this registry still counts them as active.
   */
  delegateTo(dispatcher: JobDispatcher): this {
    this.delegate = dispatcher;
    return this;
  }

  /** Whether jobs run on another thread (delegateTo): then that thread's registry is where they cross the wire. */
  get delegates(): boolean {
    return this.delegate !== undefined;
  }

  private async counted(name: string, run: Promise<unknown>): Promise<unknown> {
    this.running.set(name, (this.running.get(name) ?? 0) + 1);
    try {
      return await run;
    } finally {
      this.running.set(name, (this.running.get(name) ?? 1) - 1);
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** Handlers running in this process right now, by job kind (every registered kind, zeros included). */
  active(): Record<string, number> {
    return Object.fromEntries(this.names().map((n) => [n, this.running.get(n) ?? 0]));
  }
}
