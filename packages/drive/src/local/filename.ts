const MAX_FILENAME = 255;

/**
 * The name is only metadata (never a path), but it travels back to integrators and into emails:
 * keep the last path segment, drop control characters, cap the length keeping the extension.
 */
export function cleanFilename(filename: string): string {
  const lastSegment = filename.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = lastSegment.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') {
    throw new RangeError('filename must name a file');
  }
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
