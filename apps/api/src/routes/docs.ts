import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { registerResponseHeaders } from '../http/openapi.ts';

export const API_VERSION = '1.2.3';

const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The interactive reference loads its assets from this server, so it works offline and behind firewalls. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Countersign API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true });</script>
</body>
</html>`;

export function registerDocs(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token from `POST /connect/token`.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'cs_session',
    description:
      "The web app's session cookie (from `POST /api/auth/sign-in/verify`). Writes also need the `X-CSRF-Token` " +
      'header (the `csrfToken` of `GET /api/me`) and a same-origin `Origin`/`Sec-Fetch-Site`, else 403 ' +
      '`forbidden`. See docs/web-api.md.',
  });
  registerResponseHeaders(app.openAPIRegistry);
  app.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: 'Countersign signing API',
      version: API_VERSION,
      description:
        'Electronic-signature integration API: token exchange, template and own-PDF sends, cancellation, ' +
        'signer API and webhooks. Every request object rejects unknown properties.',
    },
    servers: [{ url: c.get('deps').config.publicUrl }],
    security: [{ bearerAuth: [] } as Record<string, string[]>, { cookieAuth: [] }],
  }));
  app.get('/docs', (c) => c.html(PAGE));
  const cache = new Map<string, string>();
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.notFound();
    let body = cache.get(file);
    if (body === undefined) {
      body = await readFile(path.join(SWAGGER_DIR, file), 'utf8');
      cache.set(file, body);
    }
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
}
