import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { memo, type PointerEvent, type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from 'react';
import type { Guide } from '../geometry.ts';
import { FIELD_TYPE_LABELS, type Field, type PageSize, type Role, roleColor } from '../model.ts';
import { drawPage } from '../pdf.ts';

export interface FieldHandlers {
  onPointerDown(e: PointerEvent<HTMLElement>, field: Field, mode: 'move' | 'resize'): void;
  onKeyDown(e: ReactKeyboardEvent<HTMLElement>, field: Field): void;
  onFocus(field: Field): void;
}

interface Props {
  document: number;
  page: number;
  pageCount: number;
  filename: string;
  size: PageSize;
  scale: number;
  /** Its document, drawn from as soon as it is open; null: not to be drawn yet. */
  pdf: Promise<PDFDocumentProxy> | null;
  /** Draw at once rather than when scrolled into view (page 1, until it is on screen). */
  eager: boolean;
  /** Page 1 is on screen (called by the eager page). */
  onDrawn(): void;
  fields: Field[];
  roles: Role[];
  selected: ReadonlySet<string>;
  problems: Map<string, string[]>;
  guides: Guide[];
  placing: boolean;
  handlers: FieldHandlers;
  onPlace(e: PointerEvent<HTMLDivElement>, document: number, page: number): void;
}

/** One page: pdf.js draws it into a canvas when it comes into view; the fields sit on top in points × scale. */
export const PageView = memo(function PageView(p: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const width = p.size.width * p.scale;
  const height = p.size.height * p.scale;
  /** What the canvas holds: a page drawn at this width from this document is not drawn again. */
  const drawn = useRef<{ pdf: Promise<PDFDocumentProxy>; width: number } | null>(null);

  const { pdf, eager, onDrawn } = p;
  useEffect(() => {
    const el = wrap.current;
    if (!pdf || !el || !canvas.current) return;
    if (drawn.current?.pdf === pdf && drawn.current.width === width) return;
    const stale = new AbortController();
    const draw = async () => {
      // A document that failed to open (the designer says why) or was destroyed meanwhile (see usePdfs) draws
      // nothing; a replacement arrives as a new `pdf`.
      let page: PDFPageProxy;
      try {
        page = await (await pdf).getPage(p.page); // throws at once when destroyed
      } catch {
        return;
      }
      if (stale.signal.aborted || !canvas.current) return;
      // Sizing the canvas clears it: until this drawing completes, it holds no page at any width.
      drawn.current = null;
      await drawPage(page, canvas.current, width, stale.signal).catch(() => undefined);
      if (stale.signal.aborted) return;
      drawn.current = { pdf, width };
      el.dataset.rendered = 'true';
      if (eager) {
        // The designer's first paint of page 1: `pnpm bench` compares it with bare pdf.js.
        performance.mark('designer:page1');
        onDrawn();
      }
    };
    if (eager) {
      void draw();
      return () => stale.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void draw();
        }
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(el);
    return () => {
      stale.abort();
      observer.disconnect();
    };
  }, [pdf, p.page, eager, onDrawn, width]);

  return (
    <section
      className="dz-page"
      ref={wrap}
      // Focused when its thumbnail is activated (PageThumbnails); not a stop of its own in the tab order.
      tabIndex={-1}
      data-document={p.document}
      data-page={p.page}
      aria-label={`${p.filename}, page ${p.page} of ${p.pageCount}`}
      style={{ width, height }}
    >
      <canvas ref={canvas} style={{ width, height }} />
      {/* Click-to-place target: only pointer users reach it; keyboard users add fields from the palette. */}
      <div
        className={p.placing ? 'dz-overlay placing' : 'dz-overlay'}
        onPointerDown={(e) => {
          if (e.target === e.currentTarget) p.onPlace(e, p.document, p.page);
        }}
      >
        {p.fields.map((f) => (
          <FieldBox
            key={f.id}
            field={f}
            scale={p.scale}
            color={roleColor(p.roles, f.role)}
            selected={p.selected.has(f.id)}
            problems={p.problems.get(f.id)}
            handlers={p.handlers}
          />
        ))}
        {p.guides.map((g) => (
          <div
            key={`${g.axis}${g.at}`}
            className={`dz-guide ${g.axis}`}
            style={g.axis === 'x' ? { left: g.at * p.scale } : { top: g.at * p.scale }}
          />
        ))}
      </div>
    </section>
  );
});

const FieldBox = memo(function FieldBox({
  field: f,
  scale,
  color,
  selected,
  problems,
  handlers,
}: {
  field: Field;
  scale: number;
  color: string;
  selected: boolean;
  problems: string[] | undefined;
  handlers: FieldHandlers;
}) {
  const who = f.role ?? 'sender';
  return (
    <button
      type="button"
      className={`dz-field${selected ? ' selected' : ''}${problems ? ' invalid' : ''}`}
      data-field-id={f.id}
      aria-pressed={selected}
      style={{
        left: f.x * scale,
        top: f.y * scale,
        width: f.width * scale,
        height: f.height * scale,
        borderColor: color,
        backgroundColor: `${color}22`,
      }}
      onPointerDown={(e) => handlers.onPointerDown(e, f, 'move')}
      onKeyDown={(e) => handlers.onKeyDown(e, f)}
      onFocus={() => handlers.onFocus(f)}
    >
      {/* Dark text whatever the role's colour: the outline and tint carry the colour, the label stays readable. */}
      <span className="dz-field-label">{f.label}</span>
      {/* The accessible name starts with the visible label, then what only sighted users get from the box. */}
      <span className="visually-hidden">
        , {FIELD_TYPE_LABELS[f.type]} field, {who}, x {Math.round(f.x)} y {Math.round(f.y)},{' '}
        {Math.round(f.width)} by {Math.round(f.height)}
        {problems ? ';' : ''}
      </span>
      <span
        className="dz-handle"
        aria-hidden="true"
        onPointerDown={(e) => {
          e.stopPropagation();
          handlers.onPointerDown(e, f, 'resize');
        }}
      />
      {problems ? <span className="dz-problem">{problems.join('; ')}</span> : null}
    </button>
  );
});
