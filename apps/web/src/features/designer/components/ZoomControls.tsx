import { type Zoom, zoomIn, zoomOut, zoomPercent } from '../zoom.ts';

interface Props {
  zoom: Zoom;
  /** The scale in use (fit width's measured one, or the chosen level). */
  scale: number;
  onZoom(zoom: Zoom): void;
}

/**
 * Zoom out, the zoom in use, zoom in, fit width. No keyboard shortcut: Ctrl + and Ctrl - stay the browser's.
 * At either end a step button is aria-disabled rather than disabled, so the focus stays on it.
 */
export function ZoomControls({ zoom, scale, onZoom }: Props) {
  const smaller = zoomOut(scale);
  const larger = zoomIn(scale);
  return (
    <fieldset className="dz-zoom">
      <legend className="visually-hidden">Zoom</legend>
      <button
        type="button"
        aria-label="Zoom out"
        title="Zoom out"
        aria-disabled={smaller === null}
        onClick={() => smaller !== null && onZoom(smaller)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="dz-zoom-level">
        <span className="visually-hidden">Zoom </span>
        {zoomPercent(scale)}
      </output>
      <button
        type="button"
        aria-label="Zoom in"
        title="Zoom in"
        aria-disabled={larger === null}
        onClick={() => larger !== null && onZoom(larger)}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button type="button" aria-pressed={zoom === 'fit'} onClick={() => onZoom('fit')}>
        Fit width
      </button>
    </fieldset>
  );
}
