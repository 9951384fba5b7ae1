import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { errorText } from '../../../lib/api-client.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { testSend } from '../api/template.ts';
import type { TemplateWithVersion } from '../api/template-query.ts';
import type { SaveStatus } from '../autosave.ts';
import type { Draft } from '../model.ts';

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes…',
  saving: 'Saving…',
  error: 'Not saved',
  conflict: 'Not saved: someone else saved a newer version',
};

interface Props {
  template: TemplateWithVersion;
  draft: Draft;
  onRename(name: string): void;
  history: { undo(): void; redo(): void; canUndo: boolean; canRedo: boolean };
  autosave: {
    status: SaveStatus;
    error: string | null;
    theirs: TemplateWithVersion | null;
    saveNow(): Promise<boolean>;
    flush(): Promise<boolean>;
    keepMine(): void;
    isClean(): boolean;
  };
  /** Problems that keep the template from being sent (advice does not). */
  problemCount: number;
  onTakeTheirs(): void;
  /** How the pages are shown (the zoom controls), before the actions. */
  view?: ReactNode;
}

/** A curl line that sends `payload` (single-quoted for POSIX shells). */
export function curlLine(payload: unknown): string {
  const body = JSON.stringify(payload, null, 2).replace(/'/g, `'\\''`);
  return [
    `curl -X POST '${location.origin}/api/templates/send' \\`,
    `  -H "Authorization: Bearer $ACCESS_TOKEN" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

/** Undo or Redo: off while there is no step to take, its keyboard shortcut announced. */
function HistoryButton({
  label,
  run,
  can,
  keys,
}: {
  label: string;
  run(): void;
  can: boolean;
  keys: string;
}) {
  return (
    <button type="button" onClick={run} disabled={!can} aria-keyshortcuts={keys}>
      {label}
    </button>
  );
}

export function Toolbar({
  template,
  draft,
  onRename,
  history,
  autosave,
  problemCount,
  onTakeTheirs,
  view,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: async () => {
      if (!(await autosave.flush())) throw new Error('your latest changes are not saved');
      return testSend(template.templateId);
    },
    onSuccess: (r) => window.open(r.signingUrl, '_blank', 'noopener'),
  });
  const payload = template.examplePayload;
  const [, navigate] = useLocation();
  // To the send page only once the edits are stored: that page sends what the server holds.
  const toSend = useMutation({
    mutationFn: async () => {
      if (!(await autosave.flush())) throw new Error('your latest changes are not saved');
    },
    onSuccess: () => navigate(`/templates/${encodeURIComponent(template.templateId)}/send`),
  });

  return (
    <div className="dz-toolbar">
      <div className="dz-title">
        <Link href="/templates" className="muted">
          Templates
        </Link>
        <span aria-hidden="true"> / </span>
        <label className="visually-hidden" htmlFor="template-name">
          Template name
        </label>
        <input id="template-name" value={draft.name} onChange={(e) => onRename(e.target.value)} />
      </div>
      <p className={`dz-status ${autosave.status}`} role="status" aria-live="polite">
        {STATUS_TEXT[autosave.status]}
        {autosave.error ? `: ${autosave.error}` : ''}
      </p>
      {view}
      <div className="row dz-actions">
        <HistoryButton label="Undo" run={history.undo} can={history.canUndo} keys="Control+Z" />
        <HistoryButton label="Redo" run={history.redo} can={history.canRedo} keys="Control+Shift+Z" />
        <button type="button" onClick={() => void autosave.saveNow()} disabled={autosave.status === 'saving'}>
          Save
        </button>
        <button
          type="button"
          onClick={() => test.mutate()}
          disabled={test.isPending || problemCount > 0}
          title={problemCount > 0 ? 'Fix the problems first' : undefined}
        >
          {test.isPending ? 'Sending…' : 'Test'}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => toSend.mutate()}
          disabled={toSend.isPending || problemCount > 0}
          title={problemCount > 0 ? 'Fix the problems first' : undefined}
        >
          Send…
        </button>
        <button
          type="button"
          onClick={async () => {
            if (!autosave.isClean()) await autosave.saveNow();
            setCopied(null);
            dialog.current?.showModal();
          }}
        >
          Copy payload
        </button>
      </div>
      {test.isSuccess ? (
        <p className="notice ok dz-wide" role="status">
          Test sent to {test.data.email}; its signing page opened in a new tab.
        </p>
      ) : null}
      {toSend.isError ? (
        <p className="notice error dz-wide" role="alert">
          Not opened: {errorText(toSend.error)}
        </p>
      ) : null}
      {test.isError ? (
        <p className="notice error dz-wide" role="alert">
          Test not sent: {errorText(test.error)}
        </p>
      ) : null}
      {autosave.theirs ? (
        <div className="notice warn dz-wide" role="alert">
          <p>
            Someone else saved this template ({formatDateTime(autosave.theirs.updatedAt ?? null)}) after you
            opened it. Your changes are not saved yet.
          </p>
          <div className="row">
            <button type="button" onClick={onTakeTheirs}>
              Load their version (discard mine)
            </button>
            <button type="button" className="primary" onClick={autosave.keepMine}>
              Keep mine (replace theirs)
            </button>
          </div>
        </div>
      ) : null}
      <dialog ref={dialog} aria-labelledby="payload-title" className="dz-payload">
        <h2 id="payload-title">Send this template</h2>
        <p>
          The complete <code>POST /api/templates/send</code> body for template{' '}
          <code>{template.templateId}</code>, with placeholder recipients and example values to replace.
        </p>
        <pre data-testid="payload">{JSON.stringify(payload, null, 2)}</pre>
        <div className="row">
          <button
            type="button"
            className="primary"
            onClick={async () => {
              await copyText(JSON.stringify(payload, null, 2));
              setCopied('Payload copied');
            }}
          >
            Copy payload
          </button>
          <button
            type="button"
            onClick={async () => {
              await copyText(curlLine(payload));
              setCopied('curl line copied');
            }}
          >
            Copy curl line
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        <p role="status" className="muted">
          {copied ?? ''}
        </p>
      </dialog>
    </div>
  );
}
