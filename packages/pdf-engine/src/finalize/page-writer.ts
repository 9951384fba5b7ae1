import { deflateSync } from 'node:zlib';
import type { PDFName, PDFPage } from 'pdf-lib';
import type { Matrix } from '../geometry/types.ts';
import { isolatePageContent } from '../isolate-page-content.ts';
import { lineOperators } from '../text/content-ops.ts';
import type { DocumentFont, PdfFonts } from '../text/pdf-fonts.ts';
import type { ShapedLine } from '../text/shape.ts';
import type { EmbeddedImage } from './png.ts';

export type Rgb = readonly [number, number, number];

/** A number as content-stream text: four decimals of a point are plenty. */
const num = (n: number): string => String(Math.round(n * 1e4) / 1e4);
const rgb = (color: Rgb): string => color.map(num).join(' ');

/**
 * Writes the content-stream operators for one page as text and appends them as one compressed
 * stream. Hundreds of fields per document make pdf-lib's operator objects, number formatting
 * and pako compression the slowest part of finalizing; this writes the same operators directly
 * and compresses with Node's zlib. Each font and image gets one resource name per page
 * (pdf-lib's drawText would add a name per call). The page's own content is isolated first, so
 * what it does with q/Q cannot hide or move what we draw (see isolate-page-content.ts).
 */
export class PageWriter {
  private readonly ops: string[] = [];
  private readonly names = new Map<DocumentFont | EmbeddedImage, PDFName>();
  private isolated = false;

  constructor(
    readonly page: PDFPage,
    private readonly fonts: PdfFonts,
  ) {}

  /** Runs `draw` with `matrix` concatenated to the current one, inside q/Q. */
  within(matrix: Matrix, draw: () => void): void {
    this.ops.push(`q ${matrix.map(num).join(' ')} cm`);
    draw();
    this.ops.push('Q');
  }

  /** Clips what follows (until the enclosing Q) to the rectangle 0,0 - w,h. */
  clip(w: number, h: number): void {
    this.ops.push(`0 0 ${num(w)} ${num(h)} re W n`);
  }

  /** A shaped line with the left end of its baseline at x, y. */
  text(line: ShapedLine, size: number, x: number, y: number, color: Rgb): void {
    if (line.runs.length === 0) return;
    const resource = (font: DocumentFont) =>
      this.name(font, () => this.page.node.newFontDictionary(font.font.id, font.ref));
    this.ops.push(`BT ${rgb(color)} rg ${lineOperators(line, size, x, y, this.fonts, resource)} ET`);
  }

  image(image: EmbeddedImage, x: number, y: number, width: number, height: number): void {
    const name = this.name(image, () => this.page.node.newXObject('Im', image.ref));
    this.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm ${name} Do Q`);
  }

  /** A stroked polyline with round caps and joins. */
  polyline(points: readonly (readonly [number, number])[], width: number, color: Rgb): void {
    const path = points.map(([x, y], i) => `${num(x)} ${num(y)} ${i === 0 ? 'm' : 'l'}`).join(' ');
    this.ops.push(`q ${rgb(color)} RG ${num(width)} w 1 J 1 j ${path} S Q`);
  }

  /** Appends the collected operators to the page as one FlateDecode stream (none when empty). */
  flush(): void {
    if (this.ops.length === 0) return;
    if (!this.isolated) {
      isolatePageContent(this.page);
      this.isolated = true;
    }
    const { context } = this.page.doc;
    const plain = Buffer.from(this.ops.splice(0).join('\n'), 'latin1');
    const stream = context.stream(deflateSync(plain), { Filter: 'FlateDecode' });
    this.page.node.addContentStream(context.register(stream));
  }

  private name(key: DocumentFont | EmbeddedImage, create: () => PDFName): string {
    let name = this.names.get(key);
    if (!name) {
      name = create();
      this.names.set(key, name);
    }
    return name.toString();
  }
}
