import { namePaths } from '@countersign/schemas/template-readiness';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorText, isConflict } from '../../lib/api-client.ts';
import { saveBeforeLeaving } from '../../lib/leave-guard.ts';
import { saveTemplate, toSaveBody } from './api/template.ts';
import { fetchTemplate, type TemplateWithVersion, templateKey } from './api/template-query.ts';
import type { DocumentLayout, Draft } from './model.ts';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'error' | 'conflict';

/** Quiet time after the last change before the working copy is saved. */
const AUTOSAVE_DELAY_MS = 1000;

/**
 * Saves the working copy a moment after each change, naming the version it was based on. A save based on a
 * version someone else has replaced gets 409: the designer then shows both choices instead of overwriting.
 * Nothing is lost by leaving: an in-app navigation waits for the save (leave-guard), hiding or closing the tab
 * sends it at once (keepalive), and closing or reloading with a save pending or failed asks first.
 * `refusals`: what the server would refuse in this draft (field rules), said here by field label instead.
 */
export function useAutosave(
  templateId: string,
  initial: TemplateWithVersion,
  draft: Draft,
  documents: DocumentLayout[],
  refusals: string[],
) {
  const queryClient = useQueryClient();
  const version = useRef(initial.version);
  const saved = useRef<Draft>(draft);
  // The handlers below run outside React's renders: they read the newest draft and status from refs.
  const latest = useRef({ draft, refusals, documents });
  latest.current = { draft, refusals, documents };
  const inFlight = useRef<Promise<boolean> | null>(null);
  const statusNow = useRef<SaveStatus>('saved');
  const [status, setStatusState] = useState<SaveStatus>('saved');
  const setStatus = useCallback((next: SaveStatus) => {
    statusNow.current = next;
    setStatusState(next);
  }, []);
  const [error, setError] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<TemplateWithVersion | null>(null);

  /** Saves `current`; resolves true once it is saved. Synchronous up to the request, for pagehide. */
  const save = useCallback(
    (current: Draft): Promise<boolean> => {
      if (inFlight.current) return inFlight.current;
      if (latest.current.draft === current && latest.current.refusals.length > 0) {
        setError(latest.current.refusals.join('; '));
        setStatus('error');
        return Promise.resolve(false);
      }
      setStatus('saving');
      const run = (async () => {
        try {
          const result = await saveTemplate(
            templateId,
            toSaveBody(current, version.current, latest.current.documents),
          );
          version.current = result.version;
          saved.current = current;
          queryClient.setQueryData(templateKey(templateId), result);
          setError(null);
          setStatus(latest.current.draft === current ? 'saved' : 'unsaved');
          return true;
        } catch (err) {
          if (isConflict(err)) {
            setTheirs(await fetchTemplate(templateId));
            setStatus('conflict');
          } else {
            // The API names a field by its place in the body, the member by label and role; a dropped
            // connection says only "Failed to fetch": say what the member can do.
            setError(
              err instanceof ApiError
                ? namePaths(errorText(err), current.fields)
                : 'the server could not be reached; press Save to retry',
            );
            setStatus('error');
          }
          return false;
        } finally {
          inFlight.current = null;
        }
      })();
      inFlight.current = run;
      return run;
    },
    [templateId, queryClient, setStatus],
  );

  /** Saves whatever is not saved yet, after a save in flight; true when everything is saved. */
  const flush = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current;
    if (statusNow.current === 'conflict') return false;
    return latest.current.draft === saved.current || (await save(latest.current.draft));
  }, [save]);

  useEffect(() => {
    if (draft === saved.current || status === 'conflict' || status === 'saving') return;
    if (status !== 'error') setStatus('unsaved');
    const timer = setTimeout(() => void save(draft), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, save, status, setStatus]);

  useEffect(() => {
    const unsafe = () =>
      latest.current.draft !== saved.current ||
      statusNow.current === 'error' ||
      statusNow.current === 'conflict';
    // Called in the event itself: with nothing in flight the request starts before the page is gone.
    const sendNow = () => void flush();
    const onVisibility = () => document.visibilityState === 'hidden' && sendNow();
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!unsafe()) return;
      e.preventDefault();
      e.returnValue = ''; // older Chromium needs it to ask
    };
    window.addEventListener('pagehide', sendNow);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('beforeunload', onBeforeUnload);
    const unregister = saveBeforeLeaving(flush);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('beforeunload', onBeforeUnload);
      unregister();
      sendNow(); // the designer closes (browser back): what is pending still goes
    };
  }, [flush]);

  return {
    status,
    error,
    theirs,
    saveNow: () => save(draft),
    /** Everything saved (waiting for a save in flight, then saving what is pending); false if it failed. */
    flush,
    /** Conflict: keep this working copy and save it over the newer version (a deliberate choice). */
    keepMine: () => {
      if (!theirs) return;
      version.current = theirs.version;
      setTheirs(null);
      void save(draft);
    },
    /** Conflict: drop this working copy and continue from the saved version. */
    takeTheirs: (load: (t: TemplateWithVersion) => Draft) => {
      if (!theirs) return;
      version.current = theirs.version;
      const next = load(theirs);
      saved.current = next;
      queryClient.setQueryData(templateKey(templateId), theirs);
      setTheirs(null);
      setStatus('saved');
      return next;
    },
    /** Saved right now (nothing pending): the example payload matches what is on screen. */
    isClean: () => draft === saved.current,
  };
}
