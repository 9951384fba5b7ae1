import type { PDFDocumentProxy } from 'pdfjs-dist';
import {
  type PointerEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toDraft } from '../api/template.ts';
import type { TemplateWithVersion } from '../api/template-query.ts';
import { useAutosave } from '../autosave.ts';
import { type Guide, intersects, snapMove, snapResize } from '../geometry.ts';
import { useHistory } from '../history.ts';
import {
  clamp,
  createField,
  DEFAULT_SIZES,
  type DocumentLayout,
  type Draft,
  type Field,
  type FieldType,
  MIN_SIZE,
  newFieldId,
  nextRoleColor,
  patchField,
  round,
} from '../model.ts';
import { validate } from '../validation.ts';
import { useZoom } from '../zoom.ts';
import { Inspector } from './Inspector.tsx';
import { PageThumbnails } from './PageThumbnails.tsx';
import { type FieldHandlers, PageView } from './PageView.tsx';
import { Palette } from './Palette.tsx';
import { RolesPanel } from './RolesPanel.tsx';
import { TemplateLanguage } from './TemplateLanguage.tsx';
import { Toolbar } from './Toolbar.tsx';
import { ZoomControls } from './ZoomControls.tsx';

interface Props {
  template: TemplateWithVersion;
  documents: DocumentLayout[];
  /** Each document as pdf.js opens it. */
  pdfs: Promise<PDFDocumentProxy>[];
  /** Whether the pages after page 1 may be shown (page 1 is on screen, or never will be). */
  pagesReady: boolean;
  onFirstPageDrawn(): void;
}

/** Snap distance in screen pixels (converted to points at the current zoom). */
const SNAP_PX = 6;
/** A press that moves less than this (pixels) is a click, not a drag. */
const DRAG_PX = 4;

let gestureCounter = 0;

/** Focus a field box once React has rendered it (after adding or pasting). */
const focusField = (id: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field-id="${id}"]`)?.focus());

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

function uniqueLabel(fields: Field[], label: string): string {
  const taken = new Set(fields.map((f) => f.label.toLowerCase()));
  if (!taken.has(label.toLowerCase())) return label;
  const base = label.replace(/ \d+$/, '');
  for (let n = 2; ; n++) if (!taken.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}

export function Editor({ template, documents, pdfs, pagesReady, onFirstPageDrawn }: Props) {
  const history = useHistory<Draft>(useMemo(() => toDraft(template), [template]));
  const draft = history.present;
  const { apply } = history;
  const problems = useMemo(() => validate(draft, documents), [draft, documents]);
  const autosave = useAutosave(template.templateId, template, draft, documents, problems.refusals);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const [placing, setPlacing] = useState<FieldType | null>(null);
  const [guides, setGuides] = useState<{ key: string; guides: Guide[] } | null>(null);
  const [ghost, setGhost] = useState<{ type: FieldType; x: number; y: number } | null>(null);
  const clipboard = useRef<Field[]>([]);
  const skipFocusSelect = useRef(false);

  // Zoom: by default pages fit the width of the document area (at most 125 %), re-measured when the window
  // changes; or a level the member chose (zoom.ts). Measured before the first paint, and nothing is drawn before
  // then, so page 1 is drawn once, at its final size.
  const area = useRef<HTMLDivElement>(null);
  const maxWidth = Math.max(...documents.flatMap((d) => d.pageSizes.map((s) => s.width)), 1);
  const zoom = useZoom(area, maxWidth);
  const { scale } = zoom;
  const scaleRef = useRef(scale);
  scaleRef.current = scale;

  const pageSize = useCallback(
    (doc: number, page: number) => documents[doc]?.pageSizes[page - 1] ?? { width: 612, height: 792 },
    [documents],
  );

  const addField = useCallback(
    (type: FieldType, at: { document: number; page: number; x: number; y: number }) => {
      const field = createField(draftRef.current, type, at, pageSize(at.document, at.page));
      apply((d) => ({ ...d, fields: [...d.fields, field] }));
      skipFocusSelect.current = false;
      setSelected(new Set([field.id]));
      focusField(field.id);
    },
    [apply, pageSize],
  );

  /** The page most in view: where a field added from the keyboard goes. */
  const pageInView = (): { document: number; page: number } => {
    const top = area.current?.getBoundingClientRect().top ?? 0;
    for (const el of document.querySelectorAll<HTMLElement>('.dz-page')) {
      if (el.getBoundingClientRect().bottom > top + 80) {
        return { document: Number(el.dataset.document), page: Number(el.dataset.page) };
      }
    }
    return { document: 0, page: 1 };
  };

  const onKeyboardAdd = (type: FieldType) => {
    const target = pageInView();
    const size = DEFAULT_SIZES[type];
    const others = draftRef.current.fields.filter(
      (f) => f.document === target.document && f.page === target.page,
    );
    // The first free slot down the left margin, so new fields never land on each other.
    let y = 36;
    while (others.some((o) => intersects(o, { x: 36, y, ...size }))) y += size.height + 8;
    addField(type, { ...target, x: 36, y });
  };

  /** Pointer on a palette entry: a drag places where it is dropped, a click arms click-to-place. */
  const onPalettePointerDown = (e: PointerEvent<HTMLButtonElement>, type: FieldType) => {
    if (e.button !== 0) return;
    const start = { x: e.clientX, y: e.clientY };
    let dragging = false;
    e.currentTarget.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => {
      if (!dragging && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < DRAG_PX) return;
      dragging = true;
      setGhost({ type, x: ev.clientX, y: ev.clientY });
    };
    const up = (ev: globalThis.PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      setGhost(null);
      if (!dragging) {
        setPlacing((p) => (p === type ? null : type));
        return;
      }
      const pageEl = document
        .elementsFromPoint(ev.clientX, ev.clientY)
        .find((el): el is HTMLElement => el instanceof HTMLElement && el.classList.contains('dz-page'));
      if (!pageEl) return;
      const rect = pageEl.getBoundingClientRect();
      const s = scaleRef.current;
      const size = DEFAULT_SIZES[type];
      addField(type, {
        document: Number(pageEl.dataset.document),
        page: Number(pageEl.dataset.page),
        x: round((ev.clientX - rect.left) / s - size.width / 2),
        y: round((ev.clientY - rect.top) / s - size.height / 2),
      });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  const onPlace = useCallback(
    (e: PointerEvent<HTMLDivElement>, doc: number, page: number) => {
      if (!placing) {
        if (!e.shiftKey) setSelected(new Set());
        return;
      }
      const rect = e.currentTarget.getBoundingClientRect();
      const s = scaleRef.current;
      addField(placing, {
        document: doc,
        page,
        x: round((e.clientX - rect.left) / s),
        y: round((e.clientY - rect.top) / s),
      });
      setPlacing(null);
    },
    [placing, addField],
  );

  const updateFields = useCallback(
    (ids: ReadonlySet<string>, change: (f: Field) => Field, key?: string) =>
      apply((d) => ({ ...d, fields: d.fields.map((f) => (ids.has(f.id) ? change(f) : f)) }), key),
    [apply],
  );

  const handlers: FieldHandlers = useMemo(
    () => ({
      onPointerDown(e, field, mode) {
        if (e.button !== 0) return;
        if (e.shiftKey || e.ctrlKey || e.metaKey) {
          const next = new Set(selectedRef.current);
          if (next.has(field.id)) next.delete(field.id);
          else next.add(field.id);
          skipFocusSelect.current = true;
          setSelected(next);
          return;
        }
        let ids = selectedRef.current;
        if (!ids.has(field.id)) {
          ids = new Set([field.id]);
          setSelected(ids);
        }
        e.preventDefault();
        (e.currentTarget.closest('.dz-field') as HTMLElement | null)?.focus({ preventScroll: true });
        const origin = new Map(draftRef.current.fields.filter((f) => ids.has(f.id)).map((f) => [f.id, f]));
        const primary = origin.get(field.id) ?? field;
        const page = pageSize(primary.document, primary.page);
        const others = draftRef.current.fields.filter(
          (f) => !ids.has(f.id) && f.document === primary.document && f.page === primary.page,
        );
        const start = { x: e.clientX, y: e.clientY };
        const key = `g:${++gestureCounter}`;
        const guideKey = `${primary.document}:${primary.page}`;
        let moved = false;
        const move = (ev: globalThis.PointerEvent) => {
          const s = scaleRef.current;
          if (!moved && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < DRAG_PX) return;
          moved = true;
          const dx = (ev.clientX - start.x) / s;
          const dy = (ev.clientY - start.y) / s;
          if (mode === 'move') {
            const snapped = snapMove(
              { ...primary, x: primary.x + dx, y: primary.y + dy },
              others,
              page,
              SNAP_PX / s,
            );
            const ax = snapped.x - (primary.x + dx);
            const ay = snapped.y - (primary.y + dy);
            setGuides({ key: guideKey, guides: snapped.guides });
            updateFields(
              ids,
              (f) => {
                const o = origin.get(f.id) ?? f;
                const ps = pageSize(o.document, o.page);
                return {
                  ...f,
                  x: round(clamp(o.x + dx + ax, 0, ps.width - o.width)),
                  y: round(clamp(o.y + dy + ay, 0, ps.height - o.height)),
                };
              },
              key,
            );
          } else {
            const snapped = snapResize(
              { ...primary, width: primary.width + dx, height: primary.height + dy },
              others,
              page,
              SNAP_PX / s,
            );
            setGuides({ key: guideKey, guides: snapped.guides });
            updateFields(
              new Set([primary.id]),
              (f) => ({
                ...f,
                width: round(clamp(snapped.width, MIN_SIZE, page.width - f.x)),
                height: round(clamp(snapped.height, MIN_SIZE, page.height - f.y)),
              }),
              key,
            );
          }
        };
        const up = () => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
          window.removeEventListener('pointercancel', up);
          setGuides(null);
          history.seal();
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
        window.addEventListener('pointercancel', up);
      },
      onKeyDown(e: ReactKeyboardEvent<HTMLElement>, field) {
        const arrows: Record<string, [number, number]> = {
          ArrowLeft: [-1, 0],
          ArrowRight: [1, 0],
          ArrowUp: [0, -1],
          ArrowDown: [0, 1],
        };
        const dir = arrows[e.key];
        const ids = selectedRef.current.has(field.id) ? selectedRef.current : new Set([field.id]);
        if (dir) {
          e.preventDefault();
          const step = e.ctrlKey || e.metaKey ? 10 : 1;
          const [dx, dy] = [dir[0] * step, dir[1] * step];
          // Shift resizes, otherwise the arrows move; either way the box stays on its page.
          const resize = e.shiftKey;
          updateFields(
            ids,
            (f) => {
              const ps = pageSize(f.document, f.page);
              return resize
                ? {
                    ...f,
                    width: round(clamp(f.width + dx, MIN_SIZE, ps.width - f.x)),
                    height: round(clamp(f.height + dy, MIN_SIZE, ps.height - f.y)),
                  }
                : {
                    ...f,
                    x: round(clamp(f.x + dx, 0, ps.width - f.width)),
                    y: round(clamp(f.y + dy, 0, ps.height - f.height)),
                  };
            },
            `k:${resize ? 'resize' : 'move'}:${[...ids].join()}`,
          );
        } else if (e.key === 'Delete' || e.key === 'Backspace') {
          e.preventDefault();
          apply((d) => ({ ...d, fields: d.fields.filter((f) => !ids.has(f.id)) }));
          setSelected(new Set());
          area.current?.focus();
        } else if (e.key === 'Escape') {
          setSelected(new Set());
        } else if ((e.key === ' ' || e.key === 'Enter') && e.shiftKey) {
          // Shift+Space: add this field to (or take it out of) the selection, for keyboard multi-select.
          e.preventDefault();
          const next = new Set(selectedRef.current);
          if (next.has(field.id)) next.delete(field.id);
          else next.add(field.id);
          setSelected(next);
        }
      },
      onFocus(field) {
        if (skipFocusSelect.current) {
          skipFocusSelect.current = false;
          return;
        }
        if (!selectedRef.current.has(field.id)) setSelected(new Set([field.id]));
      },
    }),
    [apply, history.seal, pageSize, updateFields],
  );

  const deleteSelected = useCallback(() => {
    const ids = selectedRef.current;
    apply((d) => ({ ...d, fields: d.fields.filter((f) => !ids.has(f.id)) }));
    setSelected(new Set());
  }, [apply]);

  const paste = useCallback(() => {
    if (!clipboard.current.length) return;
    const copies: Field[] = [];
    const existing = [...draftRef.current.fields];
    for (const f of clipboard.current) {
      const ps = pageSize(f.document, f.page);
      const copy: Field = {
        ...f,
        id: newFieldId(),
        label: uniqueLabel([...existing, ...copies], f.label),
        x: round(clamp(f.x + 12, 0, ps.width - f.width)),
        y: round(clamp(f.y + 12, 0, ps.height - f.height)),
        source: 'designer',
      };
      copies.push(copy);
    }
    apply((d) => ({ ...d, fields: [...d.fields, ...copies] }));
    // The next paste lands 12 points further along, not on top of this one.
    clipboard.current = copies;
    setSelected(new Set(copies.map((c) => c.id)));
    focusField(copies[0]!.id);
  }, [apply, pageSize]);

  // Editor-wide shortcuts (not while typing in an input, where the browser's own undo/copy apply).
  const { undo, redo, saveNow } = { undo: history.undo, redo: history.redo, saveNow: autosave.saveNow };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isEditable(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      if (e.key === 'Escape') setPlacing(null);
      if (!mod) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') redo();
      else if (key === 'c' && selectedRef.current.size) {
        clipboard.current = draftRef.current.fields.filter((f) => selectedRef.current.has(f.id));
      } else if (key === 'v') paste();
      else if (key === 's') void saveNow();
      else if (key === 'a' && document.activeElement?.closest('.dz-pages')) {
        setSelected(new Set(draftRef.current.fields.map((f) => f.id)));
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, paste, saveNow]);

  const selectedFields = draft.fields.filter((f) => selected.has(f.id));
  // Each page's fields, the same array until the fields change, so PageView's memo holds: while the designer
  // loads (zoom, documents, page 1 drawn) only the pages whose own props change render again.
  const fieldsByPage = useMemo(() => {
    const byPage = new Map<string, Field[]>();
    for (const f of draft.fields) {
      const key = `${f.document}:${f.page}`;
      const list = byPage.get(key);
      if (list) list.push(f);
      else byPage.set(key, [f]);
    }
    return byPage;
  }, [draft.fields]);

  const setRoles = (change: (roles: Draft['roles'], fields: Field[]) => Partial<Draft>) =>
    apply((d) => ({ ...d, ...change(d.roles, d.fields) }));

  return (
    <div className="dz">
      <Toolbar
        template={template}
        draft={draft}
        onRename={(name) => apply((d) => ({ ...d, name }), 'name')}
        history={history}
        autosave={autosave}
        problemCount={problems.blocking}
        onTakeTheirs={() => {
          const next = autosave.takeTheirs(toDraft);
          if (next) history.reset(next);
        }}
        view={<ZoomControls zoom={zoom.zoom} scale={scale} onZoom={zoom.setZoom} />}
      />
      <div className="dz-body">
        <aside className="dz-side" aria-label="Tools">
          <Palette
            placing={placing}
            onPointerDown={onPalettePointerDown}
            onKeyboardAdd={onKeyboardAdd}
            onArm={setPlacing}
          />
          <TemplateLanguage
            value={draft.defaultLocale}
            onChange={(defaultLocale) => apply((d) => ({ ...d, defaultLocale }))}
          />
          <RolesPanel
            roles={draft.roles}
            problems={problems.roles}
            onAdd={(name) =>
              setRoles((roles) => ({
                roles: [...roles, { name, color: nextRoleColor(roles) }],
              }))
            }
            onRename={(i, name) =>
              setRoles((roles, fields) => {
                const old = roles[i]!.name;
                if (roles.some((r, j) => j !== i && r.name.toLowerCase() === name.toLowerCase())) return {};
                return {
                  roles: roles.map((r, j) => (j === i ? { ...r, name } : r)),
                  fields: fields.map((f) => (f.role === old ? { ...f, role: name } : f)),
                };
              })
            }
            onColor={(i, color) =>
              apply(
                (d) => ({ ...d, roles: d.roles.map((r, j) => (j === i ? { ...r, color } : r)) }),
                `color:${i}`,
              )
            }
            onMove={(i, by) =>
              setRoles((roles) => {
                const next = [...roles];
                const [r] = next.splice(i, 1);
                next.splice(i + by, 0, r!);
                return { roles: next };
              })
            }
            onRemove={(i) =>
              setRoles((roles, fields) => {
                const name = roles[i]!.name;
                // Its fields become sender-filled (signatures then show as needing a role).
                return {
                  roles: roles.filter((_, j) => j !== i),
                  fields: fields.map((f) => (f.role === name ? { ...f, role: null, required: false } : f)),
                };
              })
            }
          />
        </aside>
        <PageThumbnails
          documents={documents}
          pdfs={pdfs}
          ready={pagesReady}
          fieldsByPage={fieldsByPage}
          area={area}
          scale={scale}
        />
        <section className="dz-pages" ref={area} tabIndex={-1} aria-label="Pages">
          {/* Pages once the zoom is known, so nothing is laid out or drawn twice; page 1 alone until it is on
              screen, so nothing competes with it for the main thread or pdf.js (the other pages follow at once). */}
          {!zoom.measured
            ? null
            : documents.map((doc, d) => (
                <div key={doc.filename} className="dz-document" hidden={d > 0 && !pagesReady}>
                  {documents.length > 1 ? <h2 className="dz-doc-name">{doc.filename}</h2> : null}
                  {doc.pageSizes.map((size, i) => {
                    const page = i + 1;
                    const key = `${d}:${page}`;
                    const first = d === 0 && page === 1;
                    if (!first && !pagesReady) return null;
                    return (
                      <PageView
                        key={key}
                        document={d}
                        page={page}
                        pageCount={doc.pageSizes.length}
                        filename={doc.filename}
                        size={size}
                        scale={scale}
                        pdf={pdfs[d] ?? null}
                        eager={first && !pagesReady}
                        onDrawn={onFirstPageDrawn}
                        fields={fieldsByPage.get(key) ?? NO_FIELDS}
                        roles={draft.roles}
                        selected={selected}
                        problems={problems.fields}
                        guides={guides?.key === key ? guides.guides : NO_GUIDES}
                        placing={placing !== null}
                        handlers={handlers}
                        onPlace={onPlace}
                      />
                    );
                  })}
                </div>
              ))}
        </section>
        <aside className="dz-side dz-right" aria-label="Settings">
          <Inspector
            fields={selectedFields}
            roles={draft.roles}
            problems={problems.fields}
            pageCounts={documents.map((d) => d.pageSizes.length)}
            onChange={(id, patch, key) =>
              updateFields(new Set([id]), (f) => patchField(draftRef.current.fields, f, patch), key)
            }
            onDelete={deleteSelected}
            onAlign={(edge) => {
              const first = selectedFields[0];
              if (!first) return;
              updateFields(selected, (f) =>
                edge === 'left'
                  ? { ...f, x: first.x }
                  : edge === 'top'
                    ? { ...f, y: first.y }
                    : edge === 'width'
                      ? { ...f, width: first.width }
                      : { ...f, height: first.height },
              );
            }}
          />
          <section className="dz-panel" aria-label="Problems">
            <h2>Problems ({problems.count})</h2>
            {problems.count === 0 ? (
              <p className="muted">None: the template is ready to send.</p>
            ) : (
              <ul className="dz-problems">
                {[...problems.roles].map(([role, reasons]) => (
                  <li key={`role:${role}`}>{reasons.join('; ')}</li>
                ))}
                {draft.fields
                  .filter((f) => problems.fields.has(f.id))
                  .map((f) => (
                    <li key={f.id}>
                      <button
                        type="button"
                        className="link"
                        onClick={() => {
                          setSelected(new Set([f.id]));
                          document
                            .querySelector(`[data-field-id="${f.id}"]`)
                            ?.scrollIntoView({ block: 'center' });
                          focusField(f.id);
                        }}
                      >
                        {f.label || 'Unnamed field'}
                      </button>{' '}
                      {problems.fields.get(f.id)!.join('; ')}
                    </li>
                  ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
      {ghost ? (
        <div
          className="dz-ghost"
          aria-hidden="true"
          style={{
            left: ghost.x - (DEFAULT_SIZES[ghost.type].width * scale) / 2,
            top: ghost.y - (DEFAULT_SIZES[ghost.type].height * scale) / 2,
            width: DEFAULT_SIZES[ghost.type].width * scale,
            height: DEFAULT_SIZES[ghost.type].height * scale,
          }}
        />
      ) : null}
    </div>
  );
}

const NO_GUIDES: Guide[] = [];
const NO_FIELDS: Field[] = [];
