import type { AroundNavHandler } from 'wouter';

/**
 * Work a page must save before the app shows another one. The designer registers its autosave flush here;
 * every in-app navigation (links, `navigate`) waits for it through the router's `aroundNav`.
 */
type Flush = () => Promise<boolean>;
let pending: Flush | null = null;

/** Registers `flush` (resolves true once saved); returns the unregister function. */
export function saveBeforeLeaving(flush: Flush): () => void {
  pending = flush;
  return () => {
    if (pending === flush) pending = null;
  };
}

/** The Router's `aroundNav`: saves first; if the save fails, the member chooses whether to leave anyway. */
export const aroundNav: AroundNavHandler = (navigate, to, options) => {
  const flush = pending;
  if (!flush) return navigate(to, options);
  void flush().then((saved) => {
    if (saved || window.confirm('Your latest changes could not be saved. Leave this page anyway?'))
      navigate(to, options);
  });
};
