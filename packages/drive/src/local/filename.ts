const MAX_FILENAME = 255;

/** C0 and C1 control characters and DEL: never part of a name shown to people. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The name `cleanFilename` keeps: the last path segment without control characters, trimmed. */
const lastSegmentOf = (filename: string) => (filename.split(/[/\\]/).pop() ?? '').replace(CONTROL, '').trim();

/**
 * Why `filename` cannot name a file, in words for an error message; undefined when `cleanFilename` makes a
 * name of it. Upload routes ask first, so a bad name is a 400 naming it rather than a failure on storing.
 *
 * @example
 * filenameProblem('..')        // 'does not name a file (it is empty, ".", ".." or a folder once cleaned)'
 * filenameProblem('a/b.pdf')   // undefined: stored as b.pdf
 */
export function filenameProblem(filename: string): string | undefined {
  const name = lastSegmentOf(filename);
  return name === '' || name === '.' || name === '..'
    ? 'does not name a file (it is empty, ".", ".." or a folder once cleaned)'
    : undefined;
}

/**
 * The name is only metadata (never a path), but it travels back to integrators and into emails:
 * keep the last path segment, drop control characters, cap the length keeping the extension.
 */
export function cleanFilename(filename: string): string {
  if (filenameProblem(filename)) throw new RangeError('filename must name a file');
  const cleaned = lastSegmentOf(filename);
  if (cleaned.length <= MAX_FILENAME) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_FILENAME - ext.length) + ext;
}

/** PDF readers accept the header anywhere in the first 1024 bytes; so do we. */
export function sniffMimeType(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.includes('%PDF-') ? 'application/pdf' : 'application/octet-stream';
}
