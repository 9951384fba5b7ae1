import { $ } from './dom.ts';

// The drawing pad of the adopt dialog: pointer strokes on a canvas at the screen's pixel ratio (2x at most).

const pad = { drawing: false, strokes: 0, ctx: null as CanvasRenderingContext2D | null };
const canvas = () => $<HTMLCanvasElement>('pad');

/** Fits the canvas to its box (once it is shown) and clears it. */
export function sizePad(): void {
  const c = canvas();
  if (c.offsetParent === null) return;
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  c.width = Math.floor(c.clientWidth * ratio);
  c.height = Math.floor(c.clientHeight * ratio);
  const ctx = c.getContext('2d');
  pad.ctx = ctx;
  pad.strokes = 0;
  if (!ctx) return;
  ctx.scale(ratio, ratio);
  ctx.lineWidth = 2.5;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#0b1f66';
}

export const padIsEmpty = (): boolean => pad.strokes === 0;
export const padImage = (): string => canvas().toDataURL('image/png');

function padPoint(e: PointerEvent): [number, number] {
  const r = canvas().getBoundingClientRect();
  return [e.clientX - r.left, e.clientY - r.top];
}

export function setupPad(): void {
  const c = canvas();
  c.addEventListener('pointerdown', (e) => {
    if (!pad.ctx) sizePad();
    const ctx = pad.ctx;
    if (!ctx) return;
    c.setPointerCapture(e.pointerId);
    pad.drawing = true;
    const [x, y] = padPoint(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
    e.preventDefault();
  });
  c.addEventListener('pointermove', (e) => {
    if (!pad.drawing || !pad.ctx) return;
    const [x, y] = padPoint(e);
    pad.ctx.lineTo(x, y);
    pad.ctx.stroke();
  });
  const end = () => {
    if (pad.drawing) pad.strokes++;
    pad.drawing = false;
  };
  c.addEventListener('pointerup', end);
  c.addEventListener('pointercancel', end);
  $('pad-clear').addEventListener('click', () => {
    pad.ctx?.clearRect(0, 0, c.width, c.height);
    pad.strokes = 0;
  });
}
