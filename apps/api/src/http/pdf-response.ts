import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** The 200 of the routes that answer with `pdfResponse`, for their `responses`. */
export const pdfDocumented = {
  description: 'The PDF.',
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
};

/** Streams a stored PDF with a download name (RFC 6266 / 5987 for non-ASCII names). */
export async function pdfResponse(c: Context<AppEnv>, sha256: string, filename: string): Promise<Response> {
  const { blobs } = c.get('deps').runtime.ctx;
  const { size, body } = await blobs.open(sha256);
  return new Response(body, { status: 200, headers: pdfHeaders(c, size, filename) });
}

/** A PDF already in memory (a drive file), answered as `pdfResponse` answers a stored one. */
export function pdfBytesResponse(c: Context<AppEnv>, bytes: Uint8Array, filename: string): Response {
  return new Response(bytes, { status: 200, headers: pdfHeaders(c, bytes.byteLength, filename) });
}

function pdfHeaders(c: Context<AppEnv>, size: number, filename: string): Record<string, string> {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'Content-Type': 'application/pdf',
    'Content-Length': String(size),
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'X-Request-Id': c.get('requestId'),
  };
}
