import { z } from '@hono/zod-openapi';

/** One uploaded PDF of a multipart form (the upload routes check the bytes themselves). */
export const pdfFilePart = z
  .instanceof(File, { error: 'must be a file part (a PDF with its file name)' })
  .openapi({ type: 'string', format: 'binary' });
