/** Thrown when a body grows past its cap; the stream has been cancelled (the connection is dropped). */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`body exceeds ${maxBytes} bytes`);
  }
}

/** Counts bytes as they arrive: a lying Content-Length or metadata size cannot make us buffer more. */
export async function readBodyCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  return Buffer.concat(chunks, total);
}

// Error answers are small JSON; anything bigger is not worth reading.
const ERROR_BODY_CAP = 64 * 1024;

/** Parsed JSON of an error answer, or undefined when it is not JSON (or too big). */
export async function readErrorJson(res: Response): Promise<unknown> {
  try {
    const bytes = await readBodyCapped(res, ERROR_BODY_CAP);
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

export async function discardBody(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => {});
}
