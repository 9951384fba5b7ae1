import { brandingOf, brandingView, logoByHash, recordActivity, updateBranding } from '@countersign/core';
import { BrandingSchema, BrandingUpdateRequestSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../http/access.ts';
import { forAccount } from '../http/account-scope.ts';
import { actorOf } from '../http/actor.ts';
import type { AppEnv } from '../http/env.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../http/openapi.ts';

export const brandingGetRoute = apiRoute({
  method: 'get',
  path: '/api/account/branding',
  access: needs('account:read'),
  tags: ['Account'],
  summary: "The account's signing-page branding, embedding origins and default language",
  responses: {
    200: jsonResponse('The branding.', BrandingSchema),
  },
});

export const brandingUpdateRoute = apiRoute({
  method: 'put',
  path: '/api/account/branding',
  access: needs('account:admin'),
  tags: ['Account'],
  summary: 'Set the logo, accent colour, origins allowed to embed the signing page, and default language',
  description:
    'Only the properties given change. The accent colour colours buttons, links and the brand line of the signing ' +
    'page and of every email; one below 4.5:1 contrast against white is refused (400 `insufficient_contrast`). ' +
    "`frameOrigins` become the signing page's `frame-ancestors` (none by default: the page cannot be framed); " +
    'inside a frame the page posts `ready`, `signed`, `declined`, `completed` and `error` messages to those ' +
    'origins only. `defaultLocale` applies to sends that give no `locale`.',
  request: {
    body: jsonBody(BrandingUpdateRequestSchema),
  },
  responses: {
    200: jsonResponse('The branding, changed.', BrandingSchema),
    400: errorResponseFor('Validation failed, `insufficient_contrast` or `invalid_logo`.'),
  },
});

export function registerBranding(app: OpenAPIHono<AppEnv>): void {
  app.openapi(brandingGetRoute, async (c) => {
    const { ctx } = c.get('deps').runtime;
    return c.json(brandingView(ctx, await brandingOf(ctx, c.get('accountId'))), 200);
  });
  app.openapi(brandingUpdateRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const update = c.req.valid('json');
    // The properties named, not their values (a logo is a file): what the log says changed.
    const details = {
      changed: Object.keys(update).sort(),
      ...(update.accentColor !== undefined ? { accentColor: update.accentColor } : {}),
      ...(update.frameOrigins !== undefined ? { frameOrigins: update.frameOrigins } : {}),
      ...(update.defaultLocale !== undefined ? { defaultLocale: update.defaultLocale } : {}),
      ...(update.logo !== undefined ? { logo: update.logo === null ? 'removed' : 'set' } : {}),
    };
    const branding = await updateBranding(ctx, accountId, update, () =>
      recordActivity(ctx, accountId, actorOf(c), 'branding.changed', null, details),
    );
    return c.json(branding, 200);
  });
  // Logos are named by their content's hash: public (they are on signing pages and in emails), cached for good.
  app.get('/assets/logos/:file{[0-9a-f]{32}\\.(?:png|jpg)}', async (c) => {
    const logo = await logoByHash(c.get('deps').runtime.ctx, c.req.param('file').slice(0, 32));
    if (!logo) return c.notFound();
    return new Response(new Uint8Array(logo.bytes), {
      headers: {
        'Content-Type': logo.type,
        'Content-Length': String(logo.bytes.length),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  });
}
