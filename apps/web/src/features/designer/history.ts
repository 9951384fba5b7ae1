import { useCallback, useRef, useState } from 'react';

interface State<T> {
  past: T[];
  present: T;
  future: T[];
}

const LIMIT = 200;

/**
 * Undo/redo over immutable snapshots. `apply` is one undoable step; a gesture (drag, resize, typing into one
 * input) calls `apply` many times with the same `coalesce` key and becomes one step.
 */
export function useHistory<T>(initial: T) {
  const [state, setState] = useState<State<T>>({ past: [], present: initial, future: [] });
  const last = useRef<{ key: string; at: number } | null>(null);

  const apply = useCallback((change: (current: T) => T, coalesce?: string) => {
    const now = Date.now();
    // Gesture keys (`g:`) merge for the whole gesture; input keys while typing continues (1.5 s apart at most).
    const merge =
      coalesce !== undefined &&
      last.current?.key === coalesce &&
      (coalesce.startsWith('g:') || now - last.current.at < 1500);
    last.current = coalesce !== undefined ? { key: coalesce, at: now } : null;
    setState((s) => {
      const next = change(s.present);
      if (next === s.present) return s;
      return merge
        ? { past: s.past, present: next, future: [] }
        : { past: [...s.past, s.present].slice(-LIMIT), present: next, future: [] };
    });
  }, []);

  /** Ends a coalesced gesture, so the next change is a new step even with the same key. */
  const seal = useCallback(() => {
    last.current = null;
  }, []);

  const undo = useCallback(() => {
    last.current = null;
    setState((s) =>
      s.past.length
        ? { past: s.past.slice(0, -1), present: s.past[s.past.length - 1]!, future: [s.present, ...s.future] }
        : s,
    );
  }, []);
  const redo = useCallback(() => {
    last.current = null;
    setState((s) =>
      s.future.length
        ? { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) }
        : s,
    );
  }, []);
  /** Replaces everything (a load from the server): no undo across it. */
  const reset = useCallback((value: T) => {
    last.current = null;
    setState({ past: [], present: value, future: [] });
  }, []);

  return {
    present: state.present,
    apply,
    seal,
    undo,
    redo,
    reset,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
  };
}
