import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, type PDFHexString, StandardFonts } from 'pdf-lib';
import { padGlyphRecords } from './ttf-padding.ts';

// Fonts shipped from npm under the SIL Open Font License 1.1 (the packages' LICENSE_FONT).
const FONT_FILES = {
  script: '@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf',
  sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  sansBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  sansItalic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
} as const;
type FontFile = keyof typeof FONT_FILES;

export type TextStyle = 'regular' | 'bold' | 'script' | 'mono';

/**
 * Fonts to try in order. The standard fonts cost nothing to embed but only cover WinAnsi; Noto
 * Sans takes over for other scripts (Polish, Czech, Greek, Cyrillic...), embedded as a subset and
 * only when some text needs it. Typed signatures use Dancing Script.
 */
const CHAINS: Record<TextStyle, (StandardFonts | FontFile)[]> = {
  regular: [StandardFonts.Helvetica, 'sans'],
  bold: [StandardFonts.HelveticaBold, 'sansBold'],
  script: ['script', 'sansItalic'],
  mono: [StandardFonts.Courier, 'sans'],
};

const require = createRequire(import.meta.url);
const fileCache = new Map<FontFile, Uint8Array>();
const parsedFonts = new Map<Uint8Array, fontkit.Font>();

// pdf-lib parses a font file on every embed; parse each shipped file once per process instead
// (fontkit fonts only cache glyphs and layouts, and every document makes its own subset).
const sharedFontkit: Parameters<PDFDocument['registerFontkit']>[0] = {
  create(bytes: Uint8Array) {
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

function fontFile(name: FontFile): Uint8Array {
  let bytes = fileCache.get(name);
  if (!bytes) {
    bytes = padGlyphRecords(readFileSync(require.resolve(FONT_FILES[name])));
    fileCache.set(name, bytes);
  }
  return bytes;
}

/**
 * An embedded font with memoised measuring and encoding: fontkit lays text out on every
 * call, and the same initials are stamped on every page.
 */
export class FontMetrics {
  /** Ascent to descent, and descent alone, at size 1. */
  readonly height: number;
  readonly descent: number;
  private readonly widths = new Map<string, number>();
  private readonly encoded = new Map<string, PDFHexString>();

  constructor(
    readonly font: PDFFont,
    private readonly codePoints: Set<number>,
  ) {
    this.height = font.heightAtSize(1);
    this.descent = this.height - font.heightAtSize(1, { descender: false });
  }

  width(text: string, size: number): number {
    let width = this.widths.get(text);
    if (width === undefined) {
      width = this.font.widthOfTextAtSize(text, 1);
      this.widths.set(text, width);
    }
    return width * size;
  }

  encode(text: string): PDFHexString {
    let hex = this.encoded.get(text);
    if (!hex) {
      hex = this.font.encodeText(text);
      this.encoded.set(text, hex);
    }
    return hex;
  }

  shows(text: string): boolean {
    for (const ch of text) if (!this.codePoints.has(ch.codePointAt(0)!)) return false;
    return true;
  }

  /** `text` with the characters this font cannot show replaced by "?". */
  coerce(text: string): string {
    return Array.from(text, (ch) => (this.codePoints.has(ch.codePointAt(0)!) ? ch : '?')).join('');
  }
}

/** Fonts of one document, each embedded once, on first use. */
export class FontBook {
  private readonly loaded = new Map<string, Promise<FontMetrics>>();

  constructor(private readonly doc: PDFDocument) {}

  /** The first font of `style` that shows every character of `text`; characters no font shows become "?". */
  async pick(style: TextStyle, text: string): Promise<{ font: FontMetrics; text: string }> {
    const chain = CHAINS[style];
    let last: FontMetrics | undefined;
    for (const name of chain) {
      last = await this.load(name);
      if (last.shows(text)) return { font: last, text };
    }
    return { font: last!, text: last!.coerce(text) };
  }

  private load(name: StandardFonts | FontFile): Promise<FontMetrics> {
    let loading = this.loaded.get(name);
    if (!loading) {
      loading = this.embed(name).then((font) => new FontMetrics(font, new Set(font.getCharacterSet())));
      this.loaded.set(name, loading);
    }
    return loading;
  }

  private embed(name: StandardFonts | FontFile): Promise<PDFFont> {
    if (name in FONT_FILES) {
      this.doc.registerFontkit(sharedFontkit);
      return this.doc.embedFont(fontFile(name as FontFile), { subset: true });
    }
    return Promise.resolve(this.doc.embedStandardFont(name as StandardFonts));
  }
}

/** Single-line text: control characters and line breaks become spaces. */
export function singleLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}
