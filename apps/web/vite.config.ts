import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);
// pdf.js is not bundled: the API serves it under a versioned path (shared with the signing page) and the
// designer imports it from there on first use, so it is never part of the first load.
const pdfjsVersion = (
  JSON.parse(readFileSync(require.resolve('pdfjs-dist/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Where `pnpm dev` finds the API (started by scripts/dev.ts). */
const apiTarget = process.env.COUNTERSIGN_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/auth', '/connect', '/assets', '/docs', '/openapi.json', '/s/'];

export default defineConfig({
  base: '/app/',
  plugins: [react()],
  // The public /verify page (verify.html) runs @countersign/verify in the browser: its node:crypto calls go to
  // a node-forge implementation, node:zlib's inflate to pako, and Buffer is the `buffer` package (set by
  // src/verify/main.ts).
  resolve: {
    alias: {
      'node:crypto': fileURLToPath(new URL('./src/verify/node-crypto.ts', import.meta.url)),
      'node:zlib': fileURLToPath(new URL('./src/verify/node-zlib.ts', import.meta.url)),
    },
  },
  define: { __PDFJS_BASE__: JSON.stringify(`/assets/pdfjs/${pdfjsVersion}/`) },
  // The manifest lets `pnpm bench` follow the import graph of a first load.
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    rollupOptions: { input: { main: 'index.html', verify: 'verify.html' } },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    // The API's CSRF check wants writes from its own origin: present them as such (dev only).
    proxy: Object.fromEntries(
      proxied.map((p) => [
        p,
        {
          target: apiTarget,
          changeOrigin: true,
          configure: (proxy: {
            on(event: 'proxyReq', cb: (req: { setHeader(k: string, v: string): void }) => void): void;
          }) => proxy.on('proxyReq', (req) => req.setHeader('origin', apiTarget)),
        },
      ]),
    ),
  },
});
