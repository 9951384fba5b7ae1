import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';

/**
 * The fonts text is set in, every one from npm (the @expo-google-fonts packages ship Google's
 * static TrueType instances under the SIL Open Font License 1.1, in each package's LICENSE_FONT).
 */
const PACKAGE = '@expo-google-fonts/';
export const FONT_FILES = {
  script: 'dancing-script/400Regular/DancingScript_400Regular.ttf',
  sans: 'noto-sans/400Regular/NotoSans_400Regular.ttf',
  sansBold: 'noto-sans/700Bold/NotoSans_700Bold.ttf',
  sansItalic: 'noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  arabic: 'noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  arabicBold: 'noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  hebrew: 'noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
  hebrewBold: 'noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  devanagari: 'noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  devanagariBold: 'noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  bengali: 'noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf',
  bengaliBold: 'noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf',
  tamil: 'noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
  tamilBold: 'noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
  telugu: 'noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf',
  teluguBold: 'noto-sans-telugu/700Bold/NotoSansTelugu_700Bold.ttf',
  gujarati: 'noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf',
  gujaratiBold: 'noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf',
  gurmukhi: 'noto-sans-gurmukhi/400Regular/NotoSansGurmukhi_400Regular.ttf',
  gurmukhiBold: 'noto-sans-gurmukhi/700Bold/NotoSansGurmukhi_700Bold.ttf',
  kannada: 'noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf',
  kannadaBold: 'noto-sans-kannada/700Bold/NotoSansKannada_700Bold.ttf',
  malayalam: 'noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf',
  malayalamBold: 'noto-sans-malayalam/700Bold/NotoSansMalayalam_700Bold.ttf',
  thai: 'noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  thaiBold: 'noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf',
  // Chinese, Japanese and Korean: each covers kana and most common ideographs, in its own
  // regional glyph forms; only Korean has Hangul.
  sc: 'noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  scBold: 'noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  jp: 'noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  jpBold: 'noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  kr: 'noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  krBold: 'noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
} as const;
export type FontId = keyof typeof FONT_FILES;

const require = createRequire(import.meta.url);

/** The typed-signature font, for the signing page's preview (a web font). */
export const SIGNATURE_FONT = {
  family: 'Dancing Script',
  file: 'DancingScript-Regular.ttf',
  type: 'font/ttf',
} as const;

export function signatureFontPath(): string {
  return fontPath('script');
}

/** The path of a shipped font file (also served to the signing page as a web font). */
export function fontPath(id: FontId): string {
  return require.resolve(PACKAGE + FONT_FILES[id]);
}

/**
 * A font file loaded for shaping and measuring. Immutable once loaded, so one per process is
 * shared by every document: nothing a document does (subsetting, mapping glyphs to text) is
 * kept here, so no session can change what another session's PDF says.
 */
export interface LoadedFont {
  readonly id: FontId;
  readonly bytes: Buffer;
  readonly hb: hb.Font;
  readonly upem: number;
  /** Ascender and descender (negative) in font units. */
  readonly ascender: number;
  readonly descender: number;
  /** PostScript name, for /BaseFont. */
  readonly postScriptName: string;
  covers(codePoint: number): boolean;
  /** Advance width of a glyph in font units (what the PDF's /W array says). */
  advance(gid: number): number;
}

const loaded = new Map<FontId, LoadedFont>();

export function loadFont(id: FontId): LoadedFont {
  let font = loaded.get(id);
  if (font) return font;
  const bytes = readFileSync(fontPath(id));
  const face = new hb.Face(new hb.Blob(bytes), 0);
  const hbFont = new hb.Font(face);
  const unicodes = new Set(face.collectUnicodes());
  const extents = hbFont.hExtents();
  const advances = new Map<number, number>();
  font = {
    id,
    bytes,
    hb: hbFont,
    upem: face.upem,
    ascender: extents.ascender,
    descender: extents.descender,
    postScriptName: (face.getName(6, 'en') || id).replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, ''),
    covers: (codePoint) => unicodes.has(codePoint),
    advance(gid) {
      let width = advances.get(gid);
      if (width === undefined) {
        width = hbFont.glyphHAdvance(gid);
        advances.set(gid, width);
      }
      return width;
    },
  };
  loaded.set(id, font);
  return font;
}
