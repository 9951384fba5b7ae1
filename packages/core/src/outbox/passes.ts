import type { ServiceContext } from '../context.ts';
import { type Deliverers, type DispatchResult, dispatchOutbox } from './dispatcher.ts';
import type { OutboxKind } from './outbox.ts';

const add = (a: DispatchResult, b: DispatchResult): DispatchResult => ({
  delivered: a.delivered + b.delivered,
  retried: a.retried + b.retried,
  failed: a.failed + b.failed,
});
const NONE: DispatchResult = { delivered: 0, retried: 0, failed: 0 };

/**
 * The process's outbox passes: at most one pass per kind at a time, and a kick during a pass runs that kind
 * once more afterwards, so rows committed meanwhile are not left waiting. Kinds pass independently: a mail
 * server that hangs holds back emails only, never webhooks.
 */
export function outboxPasses(ctx: ServiceContext, deliverers: Deliverers) {
  const kinds = (Object.keys(deliverers) as OutboxKind[]).map((kind) => {
    let running: Promise<DispatchResult> | null = null;
    let again = false;
    const pass = (): Promise<DispatchResult> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = NONE;
        do {
          again = false;
          total = add(total, await dispatchOutbox(ctx, { [kind]: deliverers[kind] }));
        } while (again);
        return total;
      })().finally(() => {
        running = null;
      });
      return running;
    };
    return { pass, settled: () => running?.catch(() => NONE) };
  });
  return {
    /** One pass of every kind; resolves to what they did together. */
    dispatch: async (): Promise<DispatchResult> =>
      (await Promise.all(kinds.map((k) => k.pass()))).reduce(add, NONE),
    /** Waits for the passes under way (at shutdown). */
    settled: async (): Promise<void> => {
      await Promise.all(kinds.map((k) => k.settled()));
    },
  };
}
