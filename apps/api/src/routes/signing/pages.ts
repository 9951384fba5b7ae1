import { signingPageFile, TEXT_WIDTH } from '@countersign/core';
import { PathIdSchema, SigningPageTextSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { recordRoute } from '../../http/record-route.ts';
import { signerCall, signingErrors, signingErrorsFor, signingLink } from './shared.ts';

// A document's pages drawn ahead of time (docs/signing-page.md): images and text the signing page shows
// instead of running a PDF renderer. Guarded like the PDF itself: the link, and the cookie when a code is due.

const pageParams = signingLink.params.extend({
  documentId: PathIdSchema,
  // A string like every path parameter (bounded in length); a page number from 1.
  page: z
    .string()
    .min(1)
    .max(6)
    .regex(/^[1-9][0-9]*$/, { error: 'must be a page number from 1' })
    .openapi({ description: '1-based page.', example: '1' }),
});

const pageNotFound = {
  ...signingErrors[404],
  description:
    '`link_not_found`, `not_found` (no such document), or `page_not_found`: not drawn (yet), or not at this ' +
    "width; the signing view's `pageImages` lists what is.",
};

export const signingPageImageRoute = recordRoute(
  { ...signingLink, params: pageParams, notFound: pageNotFound },
  {
    method: 'get',
    path: '/api/signing/{token}/documents/{documentId}/pages/{page}',
    summary: 'A page of a document, drawn as an image',
    description:
      'One of `pageImages.widths` of the signing view wide. The bytes of a page never change, so the answer may ' +
      'be cached for good (by the browser only: it is private).',
    request: {
      query: z.object({
        width: z.coerce
          .number()
          .int()
          .min(1)
          .max(10_000)
          .openapi({ description: 'One of `pageImages.widths`.' }),
      }),
    },
    responses: {
      200: {
        description: 'The image (WebP; `Content-Type` says).',
        content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...signingErrorsFor(401, 410),
    },
  },
);

export const signingPageTextRoute = recordRoute(
  { ...signingLink, params: pageParams, notFound: pageNotFound },
  {
    method: 'get',
    path: '/api/signing/{token}/documents/{documentId}/pages/{page}/text',
    summary: "A page's text",
    description:
      'The text runs of a drawn page, placed in fractions of the page, for screen readers, selection and ' +
      'search over the image. Cacheable for good, like the image.',
    responses: {
      200: {
        description: "The page's text.",
        content: { 'application/json': { schema: SigningPageTextSchema } },
      },
      ...signingErrorsFor(401, 410),
    },
  },
);

/** A year, immutable: the URL names a page of fixed bytes; private, since the link is a secret. */
const FOREVER = 'private, max-age=31536000, immutable';

async function pageBlob(c: Context<AppEnv>, sha256: string, mime: string): Promise<Response> {
  const { size, body } = await c.get('deps').runtime.ctx.blobs.open(sha256);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': mime,
      'Content-Length': String(size),
      'Cache-Control': FOREVER,
      ETag: `"${sha256}"`,
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': c.get('requestId'),
    },
  });
}

export function registerSigningPages(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingPageImageRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    const { documentId, page } = c.req.valid('param');
    const { width } = c.req.valid('query');
    const file = await signingPageFile(ctx, token, documentId, Number(page), width, signer.cookieToken);
    return pageBlob(c, file.sha256, file.mime) as never;
  });
  app.openapi(signingPageTextRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    const { documentId, page } = c.req.valid('param');
    const file = await signingPageFile(ctx, token, documentId, Number(page), TEXT_WIDTH, signer.cookieToken);
    return pageBlob(c, file.sha256, file.mime) as never;
  });
}
