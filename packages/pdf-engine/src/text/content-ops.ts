import type { DocumentFont, PdfFonts } from './pdf-fonts.ts';
import type { ShapedLine } from './shape.ts';

const num = (n: number): string => String(Math.round(n * 1e4) / 1e4);
const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/**
 * Content-stream operators that show a shaped line with its left end of the baseline at x, y,
 * inside BT/ET. The line is a marked-content span whose /ActualText is the line's text in
 * logical order, so extraction gives back exactly what was typed whatever the glyphs (Indic
 * reordering, ligatures, right-to-left); the fonts' ToUnicode maps serve readers that ignore it.
 * `resource` names a font on the page.
 */
export function lineOperators(
  line: ShapedLine,
  size: number,
  x: number,
  y: number,
  fonts: PdfFonts,
  resource: (font: DocumentFont) => string,
): string {
  // Without the isolates our own sentences put around user text (they show nothing).
  const actual = line.text.replace(/[\u2066-\u2069]/g, '');
  const ops: string[] = [`/Span <</ActualText <feff${utf16Hex(actual)}>>> BDC`];
  let pen = x;
  for (const run of line.runs) {
    const font = fonts.of(run.font);
    const unit = size / run.font.upem;
    ops.push(`${resource(font)} ${num(size)} Tf`);
    // Glyphs at their natural advance share one TJ; an offset glyph (a mark) is placed alone.
    let group: string[] = [];
    const flush = () => {
      if (group.length > 0) ops.push(`[${group.join('')}] TJ`);
      group = [];
    };
    for (const glyph of run.glyphs) {
      font.use(glyph.gid, glyph.text);
      const natural = run.font.advance(glyph.gid);
      if (glyph.dx !== 0 || glyph.dy !== 0) {
        flush();
        ops.push(
          `1 0 0 1 ${num(pen + glyph.dx * unit)} ${num(y + glyph.dy * unit)} Tm <${hex4(glyph.gid)}> Tj`,
        );
      } else {
        if (group.length === 0) ops.push(`1 0 0 1 ${num(pen)} ${num(y)} Tm`);
        group.push(`<${hex4(glyph.gid)}>`);
        const adjust = ((natural - glyph.advance) * 1000) / run.font.upem;
        if (Math.abs(adjust) > 0.01) group.push(num(adjust));
      }
      pen += glyph.advance * unit;
    }
    flush();
  }
  ops.push('EMC');
  return ops.join(' ');
}

function utf16Hex(text: string): string {
  return Array.from({ length: text.length }, (_, i) => hex4(text.charCodeAt(i))).join('');
}
