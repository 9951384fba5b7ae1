import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import {
  type KeyboardEvent,
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { DocumentLayout, Field, PageSize } from '../model.ts';
import { usePageInView } from '../page-in-view.ts';
import { drawPage } from '../pdf.ts';

/** Thumbnails are this wide (CSS pixels), whatever the zoom. */
const THUMB_WIDTH = 100;
/** Wide screens show the panel beside the pages; narrower ones (designer.css's breakpoint) keep it closed. */
const WIDE = '(min-width: 901px)';

interface Props {
  documents: DocumentLayout[];
  pdfs: Promise<PDFDocumentProxy>[];
  /** Page 1 of the pages is on screen (or never will be): until then no thumbnail is listed or drawn. */
  ready: boolean;
  fieldsByPage: Map<string, Field[]>;
  /** The document area: where a thumbnail's page is shown, and what "in view" means. */
  area: RefObject<HTMLElement | null>;
  /** Changes when the pages' layout does (the zoom), so the page in view is measured again. */
  scale: number;
}

/** Whether the screen is wide, following it as it changes. */
function subscribeWide(changed: () => void) {
  const list = matchMedia(WIDE);
  list.addEventListener('change', changed);
  return () => list.removeEventListener('change', changed);
}
const isWide = () => matchMedia(WIDE).matches;

/**
 * The "Pages" panel: every page of every document as a small picture with its field count, the page most in view
 * marked; activating one shows that page and moves the focus to it. Open beside the pages on wide screens, behind
 * its "Pages" button on narrow ones (until the member chooses). Listed and drawn only after page 1 is on screen,
 * and each thumbnail only as it nears the panel's viewport.
 */
export function PageThumbnails({ documents, pdfs, ready, fieldsByPage, area, scale }: Props) {
  const wide = useSyncExternalStore(subscribeWide, isWide);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? wide;
  const [list, setList] = useState<HTMLElement | null>(null);
  const current = usePageInView(area, open && ready, scale);

  // The current page's thumbnail kept in sight in the panel (scrolling the panel only, never the window), also
  // when the panel opens.
  useEffect(() => {
    const item = open && current && list?.querySelector('[aria-current="page"]');
    if (!list || !item) return;
    const l = list.getBoundingClientRect();
    const r = item.getBoundingClientRect();
    if (r.top < l.top) list.scrollTop -= l.top - r.top;
    else if (r.bottom > l.bottom) list.scrollTop += r.bottom - l.bottom;
    if (r.left < l.left) list.scrollLeft -= l.left - r.left;
    else if (r.right > l.right) list.scrollLeft += r.right - l.right;
  }, [open, current, list]);

  // Stable, so a scroll or an edit re-renders only the thumbnails whose props changed.
  const show = useCallback(
    (document: number, page: number) => {
      const el = area.current?.querySelector<HTMLElement>(
        `.dz-page[data-document="${document}"][data-page="${page}"]`,
      );
      if (!el) return;
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
    },
    [area],
  );

  // One tab stop for the whole list (the current page's thumbnail, else the first), arrows move between them:
  // a 100-page template adds one stop to the designer's tab order, not a hundred.
  const tabbable = current ?? '0:1';

  return (
    <nav className={open ? 'dz-thumbs open' : 'dz-thumbs'} aria-label="Page thumbnails">
      <h2 className="dz-thumbs-title">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="dz-thumbs-list"
          onClick={() => setChosen(!open)}
        >
          <span aria-hidden="true" className="dz-thumbs-chevron" />
          Pages
        </button>
      </h2>
      <div id="dz-thumbs-list" className="dz-thumbs-list" ref={setList} hidden={!open}>
        {ready
          ? documents.map((doc, d) => (
              <div key={doc.filename} className="dz-thumbs-doc">
                {documents.length > 1 ? (
                  <h3 className="dz-thumbs-name" title={doc.filename}>
                    {doc.filename}
                  </h3>
                ) : null}
                <ol>
                  {doc.pageSizes.map((size, i) => {
                    const page = i + 1;
                    const key = `${d}:${page}`; // pages are their positions
                    return (
                      <Thumbnail
                        key={key}
                        document={d}
                        page={page}
                        filename={doc.filename}
                        size={size}
                        fieldCount={fieldsByPage.get(key)?.length ?? 0}
                        current={current === key}
                        tabbable={tabbable === key}
                        pdf={pdfs[d] ?? null}
                        root={list}
                        onShow={show}
                      />
                    );
                  })}
                </ol>
              </div>
            ))
          : null}
      </div>
    </nav>
  );
}

const STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowRight: (at, last) => Math.min(at + 1, last),
  ArrowUp: (at) => Math.max(at - 1, 0),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/** Arrows, Home and End move the focus along the thumbnails (Enter or Space then shows that page). */
function moveFocus(e: KeyboardEvent<HTMLButtonElement>): void {
  const step = STEPS[e.key];
  const list = e.currentTarget.closest('.dz-thumbs-list');
  if (!step || !list || e.altKey || e.ctrlKey || e.metaKey) return;
  const thumbs = [...list.querySelectorAll<HTMLButtonElement>('.dz-thumb')];
  const at = thumbs.indexOf(e.currentTarget);
  if (at < 0) return;
  e.preventDefault();
  thumbs[step(at, thumbs.length - 1)]?.focus();
}

interface ThumbnailProps {
  document: number;
  page: number;
  filename: string;
  size: PageSize;
  fieldCount: number;
  current: boolean;
  /** The list's one tab stop. */
  tabbable: boolean;
  pdf: Promise<PDFDocumentProxy> | null;
  /** The panel's scrolling list: a thumbnail is drawn when it comes within 300 px of its viewport. */
  root: HTMLElement | null;
  onShow(document: number, page: number): void;
}

const Thumbnail = memo(function Thumbnail(p: ThumbnailProps) {
  const wrap = useRef<HTMLSpanElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const height = Math.round((THUMB_WIDTH * p.size.height) / p.size.width);
  const { pdf, page, root } = p;

  useEffect(() => {
    const el = wrap.current;
    if (!pdf || !el || !root) return;
    const stale = new AbortController();
    const draw = async () => {
      let proxy: PDFPageProxy;
      try {
        proxy = await (await pdf).getPage(page); // a document that failed to open draws nothing
      } catch {
        return;
      }
      if (stale.signal.aborted || !canvas.current) return;
      await drawPage(proxy, canvas.current, THUMB_WIDTH, stale.signal).catch(() => undefined);
      if (!stale.signal.aborted) el.dataset.rendered = 'true';
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void draw();
        }
      },
      { root, rootMargin: '300px' },
    );
    observer.observe(el);
    return () => {
      stale.abort();
      observer.disconnect();
    };
  }, [pdf, page, root]);

  const fields = p.fieldCount === 1 ? '1 field' : `${p.fieldCount} fields`;
  return (
    <li>
      <button
        type="button"
        className="dz-thumb"
        aria-current={p.current ? 'page' : undefined}
        tabIndex={p.tabbable ? 0 : -1}
        data-document={p.document}
        data-page={p.page}
        onClick={() => p.onShow(p.document, p.page)}
        onKeyDown={moveFocus}
      >
        <span className="dz-thumb-page" ref={wrap} style={{ width: THUMB_WIDTH, height }}>
          <canvas ref={canvas} style={{ width: THUMB_WIDTH, height }} />
        </span>
        {/* Named by what it shows, after its file's name (not shown): "agreement.pdf, Page 2, 1 field". */}
        <span className="dz-thumb-caption">
          <span className="visually-hidden">{p.filename}, </span>
          Page {p.page}, <span className="dz-thumb-count">{fields}</span>
        </span>
      </button>
    </li>
  );
});
