import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as countingBodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/**
 * Whether the request carries a body, judged by its headers when it came from a socket: asking
 * @hono/node-server's request for `.body` builds a web ReadableStream (and a full undici Request) where
 * reading the socket directly is several times cheaper. `app.request()` in tests has no socket and may
 * omit Content-Length, so there the body itself is asked.
 */
export function hasBody(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  const fromSocket = typeof c.env === 'object' && c.env !== null && 'incoming' in c.env;
  return !fromSocket && c.req.raw.body !== null;
}

/** Sizes in messages: "50 MB" (MiB, as the PDF checks word it). */
export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;

/**
 * Bodies over `maxBytes` answer 413 with `message`. A declared Content-Length is judged before anything is
 * read; a chunked body (or one without a length, in tests) is counted while it is read, by Hono's middleware.
 */
function limitTo(maxBytes: number, message: string): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context<AppEnv>) => errorResponse(c, 'payload_too_large', message);
  const counting = countingBodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > maxBytes ? tooLarge(c) : next();
    }
    return hasBody(c) ? counting(c, next) : next();
  };
}

/** The routes whose multipart body carries PDFs as file parts. */
const UPLOAD_ROUTES = new Set(['/api/drive/files', '/api/templates']);
/** Room for the form itself on an upload route: part headers and a template's manifest. */
export const UPLOAD_FORM_ALLOWANCE = 1024 * 1024;

/**
 * One rule for request sizes. JSON bodies: MAX_BODY_BYTES. Upload routes: room for a PDF of MAX_FILE_BYTES (the
 * largest PDF the service reads) and its form, so a file the PDF checks would accept is never refused by a
 * smaller body limit first; several files in one request share that room.
 */
export function bodyLimit(limits: { maxBodyBytes: number; maxFileBytes: number }): MiddlewareHandler<AppEnv> {
  const json = limitTo(limits.maxBodyBytes, `the request body exceeds ${limits.maxBodyBytes} bytes`);
  const uploadBytes = Math.max(limits.maxBodyBytes, limits.maxFileBytes + UPLOAD_FORM_ALLOWANCE);
  const upload = limitTo(
    uploadBytes,
    `the upload exceeds ${megabytes(uploadBytes)} (${uploadBytes} bytes): a request carries PDFs of at most ` +
      `${megabytes(limits.maxFileBytes)} in all (MAX_FILE_BYTES) plus the form; upload a smaller PDF, or the ` +
      'files one per request',
  );
  return (c, next) =>
    c.req.method === 'POST' && UPLOAD_ROUTES.has(c.req.path) ? upload(c, next) : json(c, next);
}
