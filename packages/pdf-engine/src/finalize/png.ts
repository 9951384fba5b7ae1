/**
 * PNG to PDF image XObject with Node's zlib. pdf-lib decodes PNGs and re-compresses them in
 * JavaScript (UPNG + pako), which costs more than the rest of stamping; signature pads produce
 * plain 8-bit PNGs, handled here. Anything else (palette, 16-bit, interlaced) returns null and
 * goes to pdf-lib.
 */
import { constants, deflateSync, inflateSync } from 'node:zlib';
import type { PDFContext, PDFRef } from 'pdf-lib';

export interface EmbeddedImage {
  ref: PDFRef;
  width: number;
  height: number;
}

interface PngInfo {
  width: number;
  height: number;
  colorType: number;
  idat: Buffer;
}

// Drawn signatures are mostly flat background: run-length matching compresses them best and fastest.
const RLE = { strategy: constants.Z_RLE };

type StreamDict = NonNullable<Parameters<PDFContext['stream']>[1]>;

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function readPng(png: Buffer): PngInfo | null {
  let pos = 8;
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | null =
    null;
  const idat: Buffer[] = [];
  while (pos + 8 <= png.length) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + length);
    if (data.length !== length) return null;
    if (type === 'IHDR') {
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8]!,
        colorType: data[9]!,
        interlace: data[12]!,
      };
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'tRNS')
      return null; // transparency by colour key: leave it to pdf-lib
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  if (header?.depth !== 8 || header.interlace !== 0 || !(header.colorType in CHANNELS)) return null;
  if (header.width === 0 || header.height === 0 || idat.length === 0) return null;
  return {
    width: header.width,
    height: header.height,
    colorType: header.colorType,
    idat: Buffer.concat(idat),
  };
}

/**
 * Whether a PNG that embedPngNatively takes holds every row of pixels: the no-alpha path hands the data to
 * the viewer undecoded, where a short image would draw broken. For the signer's request (checkDrawnSignature);
 * completion stays lenient, so a drawing accepted before this check still completes its session.
 */
export function pngHasEveryRow(png: Buffer): boolean {
  const info = readPng(png);
  if (!info) return true; // not ours to embed: pdf-lib decodes it, and fails on a broken one
  try {
    return inflateSync(info.idat).length >= (info.width * CHANNELS[info.colorType]! + 1) * info.height;
  } catch {
    return false;
  }
}

/** Reverses PNG's per-row filters (8-bit samples, `bpp` bytes per pixel); one loop per filter type. */
function unfilter(data: Buffer, width: number, height: number, bpp: number): Buffer | null {
  const stride = width * bpp;
  if (data.length < (stride + 1) * height) return null;
  const out = Buffer.alloc(stride * height);
  const zero = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    const src = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = out.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? out.subarray((y - 1) * stride, y * stride) : zero;
    switch (filter) {
      case 0:
        src.copy(row);
        break;
      case 1:
        for (let x = 0; x < stride; x++) row[x] = (src[x]! + (x >= bpp ? row[x - bpp]! : 0)) & 0xff;
        break;
      case 2:
        for (let x = 0; x < stride; x++) row[x] = (src[x]! + up[x]!) & 0xff;
        break;
      case 3:
        for (let x = 0; x < stride; x++)
          row[x] = (src[x]! + (((x >= bpp ? row[x - bpp]! : 0) + up[x]!) >> 1)) & 0xff;
        break;
      case 4:
        for (let x = 0; x < stride; x++) {
          const a = x >= bpp ? row[x - bpp]! : 0;
          const b = up[x]!;
          const c = x >= bpp ? up[x - bpp]! : 0;
          const pa = Math.abs(b - c);
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - 2 * c);
          row[x] = (src[x]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
        }
        break;
      default:
        return null;
    }
  }
  return out;
}

/** Registers the PNG as an image XObject (with a soft mask for its alpha), or null when unsupported. */
export function embedPngNatively(context: PDFContext, png: Buffer): EmbeddedImage | null {
  const info = readPng(png);
  if (!info) return null;
  const { width, height, colorType } = info;
  const channels = CHANNELS[colorType]!;
  const colorSpace = colorType === 0 || colorType === 4 ? 'DeviceGray' : 'DeviceRGB';
  const image = (dict: StreamDict, contents: Buffer) =>
    context.register(
      context.stream(contents, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: width,
        Height: height,
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
        ...dict,
      }),
    );
  if (channels === 1 || channels === 3) {
    // No alpha: PDF reads PNG-filtered data itself (predictor 15), so the IDAT goes in as is.
    const DecodeParms = { Predictor: 15, Colors: channels, BitsPerComponent: 8, Columns: width };
    return { ref: image({ ColorSpace: colorSpace, DecodeParms }, info.idat), width, height };
  }
  let pixels: Buffer | null;
  try {
    pixels = unfilter(inflateSync(info.idat), width, height, channels);
  } catch {
    return null;
  }
  if (!pixels) return null;
  const { color, alpha, opaque } = splitAlpha(pixels, width * height, channels - 1);
  const smask = opaque ? {} : { SMask: image({ ColorSpace: 'DeviceGray' }, deflateSync(alpha, RLE)) };
  return { ref: image({ ColorSpace: colorSpace, ...smask }, deflateSync(color, RLE)), width, height };
}

function splitAlpha(pixels: Buffer, count: number, colorChannels: number) {
  const color = Buffer.alloc(count * colorChannels);
  const alpha = Buffer.alloc(count);
  let opaque = true;
  if (colorChannels === 3) {
    for (let i = 0; i < count; i++) {
      const src = i * 4;
      const dst = i * 3;
      color[dst] = pixels[src]!;
      color[dst + 1] = pixels[src + 1]!;
      color[dst + 2] = pixels[src + 2]!;
      alpha[i] = pixels[src + 3]!;
    }
  } else {
    for (let i = 0; i < count; i++) {
      color[i] = pixels[2 * i]!;
      alpha[i] = pixels[2 * i + 1]!;
    }
  }
  for (let i = 0; i < count && opaque; i++) if (alpha[i] !== 255) opaque = false;
  return { color, alpha, opaque };
}
