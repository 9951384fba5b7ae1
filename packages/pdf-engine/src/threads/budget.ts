import { PdfEngineError } from '../errors.ts';

/**
 * A process's memory budget for PDF work (docs/topologies.md, "Memory"): every task reserves the most its
 * worker can use (heap cap, young generation, its documents' bytes) before it starts, and waits while the
 * reservations under way leave too little. Waiters are served in arrival order, so a large document is not
 * starved by a stream of small ones.
 */
export interface MemoryBudget {
  readonly totalMb: number;
  /** Resolves, once `mb` fits, to the function that gives it back. */
  reserve(mb: number): Promise<() => void>;
  /** MB reserved right now. */
  inUseMb(): number;
}

export function createMemoryBudget(totalMb: number): MemoryBudget {
  if (!Number.isFinite(totalMb) || totalMb <= 0) {
    throw new PdfEngineError('invalid-argument', `a memory budget must be positive, got ${totalMb}`);
  }
  let used = 0;
  const waiting: { mb: number; grant(): void }[] = [];
  const serve = () => {
    while (waiting.length > 0 && used + waiting[0]!.mb <= totalMb) {
      const next = waiting.shift()!;
      used += next.mb;
      next.grant();
    }
  };
  return {
    totalMb,
    reserve(mb) {
      if (mb > totalMb) {
        return Promise.reject(
          new PdfEngineError(
            'invalid-argument',
            `a task needs ${mb} MB, more than the whole budget of ${totalMb} MB`,
          ),
        );
      }
      return new Promise((resolve) => {
        let given = false;
        const release = () => {
          if (given) return;
          given = true;
          used -= mb;
          serve();
        };
        waiting.push({ mb, grant: () => resolve(release) });
        serve();
      });
    },
    inUseMb: () => used,
  };
}
