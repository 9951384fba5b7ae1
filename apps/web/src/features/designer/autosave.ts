import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText, isConflict } from '../../lib/api-client.ts';
import { saveTemplate, toSaveBody } from './api/template.ts';
import { fetchTemplate, type TemplateWithVersion, templateKey } from './api/template-query.ts';
import type { DocumentLayout, Draft } from './model.ts';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'error' | 'conflict';

/** Quiet time after the last change before the working copy is saved. */
const AUTOSAVE_DELAY_MS = 1000;

/**
 * Saves the working copy a moment after each change, naming the version it was based on. A save based on a
 * version someone else has replaced gets 409: the designer then shows both choices instead of overwriting.
 */
export function useAutosave(
  templateId: string,
  initial: TemplateWithVersion,
  draft: Draft,
  documents: DocumentLayout[],
) {
  const queryClient = useQueryClient();
  const version = useRef(initial.version);
  const saved = useRef<Draft>(draft);
  const inFlight = useRef(false);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<TemplateWithVersion | null>(null);

  const save = useCallback(
    async (current: Draft) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setStatus('saving');
      try {
        const result = await saveTemplate(templateId, toSaveBody(current, version.current, documents));
        version.current = result.version;
        saved.current = current;
        queryClient.setQueryData(templateKey(templateId), result);
        setError(null);
        setStatus('saved');
      } catch (err) {
        if (isConflict(err)) {
          setTheirs(await fetchTemplate(templateId));
          setStatus('conflict');
        } else {
          setError(errorText(err));
          setStatus('error');
        }
      } finally {
        inFlight.current = false;
      }
    },
    [templateId, documents, queryClient],
  );

  useEffect(() => {
    if (draft === saved.current || status === 'conflict' || status === 'saving') return;
    setStatus((s) => (s === 'error' ? s : 'unsaved'));
    const timer = setTimeout(() => void save(draft), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, save, status]);

  return {
    status,
    error,
    theirs,
    saveNow: () => save(draft),
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
