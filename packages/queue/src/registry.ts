import type { JobDefinition, JobHandler } from './types.ts';

/** Pairs each job definition with its handler; both drivers dispatch through the same registry. */
export class JobRegistry {
  private readonly entries = new Map<string, { def: JobDefinition; handler: JobHandler }>();

  register<D extends JobDefinition>(def: D, handler: JobHandler<D>): this {
    if (this.entries.has(def.name)) throw new Error(`job ${def.name} registered twice`);
    this.entries.set(def.name, { def, handler: handler as JobHandler });
    return this;
  }

  /** Validates the payload against the job's schema and runs the handler. */
  async dispatch(
    name: string,
    rawPayload: unknown,
    ctx: { jobId: string; attempt: number },
  ): Promise<unknown> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`no handler for job ${name}`);
    const payload = entry.def.payload.parse(rawPayload);
    return entry.handler(payload, ctx);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }
}
