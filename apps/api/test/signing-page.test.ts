import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { documents, sessions } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningWorld, startSigningWorld } from './signing-setup.ts';

let w: SigningWorld;
beforeAll(async () => {
  w = await startSigningWorld();
});
afterAll(() => w.close());

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${w.api.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the signing page and its assets', () => {
  it('serves the page with a strict CSP, no referrer, no caching, and escapes session strings', async () => {
    const s = await w.send({
      recipients: [{ name: 'Zoe <b>Bold</b>' }],
      title: '<script>alert(1)</script> & "quotes"',
    });
    const res = await w.api.fetch(`/s/${s.tokens[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    // Names are isolated (FSI … PDI): a right-to-left name cannot reorder the sentence around it.
    expect(html).toContain('For \u2068Zoe &lt;b&gt;Bold&lt;/b&gt;\u2069');
    expect(html).not.toContain('<script>alert');
    // No inline code: the only scripts are our module and a JSON data block.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.trim())).toEqual([
      expect.stringMatching(/^type="module" src="\/assets\/signing\/signing\.[0-9a-f]{12}\.js"$/),
      'type="application/json" id="messages"',
    ]);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/\son[a-z]+="/);
    // The page is labelled: language, landmarks, labels for every input.
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<main id="main"');
    for (const id of ['code', 'typed-name', 'initials-input', 'decline-reason'])
      expect(html).toContain(`for="${id}"`);
    expect(html).toContain('role="status" aria-live="polite"');
    // Rendering the page records nothing; the script's first API call is the view.
    expect((await w.auditOf(s.sessionId)).filter((e) => e.type === 'link.viewed')).toEqual([]);
  });

  it('serves pdf.js and the page assets from this server, and nothing else', async () => {
    const page = await (
      await w.api.fetch(`/s/${(await w.send({ recipients: [{ name: 'Al' }] })).tokens[0]}`)
    ).text();
    const pdfjsBase = /data-pdfjs="([^"]+)"/.exec(page)![1]!;
    expect(pdfjsBase).toMatch(/^\/assets\/pdfjs\/\d+\.\d+\.\d+\/$/);
    for (const [path, type] of [
      [`${pdfjsBase}pdf.min.mjs`, 'text/javascript; charset=utf-8'],
      [`${pdfjsBase}pdf.worker.min.mjs`, 'text/javascript; charset=utf-8'],
      [`${pdfjsBase}standard_fonts/LiberationSans-Regular.ttf`, 'font/ttf'],
      [`${pdfjsBase}wasm/openjpeg.wasm`, 'application/wasm'],
      ['/assets/signing/signing.js', 'text/javascript; charset=utf-8'],
      ['/assets/signing/signing.css', 'text/css; charset=utf-8'],
    ] as const) {
      const res = await w.api.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect((await w.api.fetch(`${pdfjsBase}pdf.min.mjs`)).headers.get('cache-control')).toContain(
      'immutable',
    );
    for (const path of [
      `${pdfjsBase}package.json`,
      `${pdfjsBase}..%2F..%2Fpackage.json`,
      `${pdfjsBase}build/pdf.mjs`,
      '/assets/signing/..%2Fsigning-page.ts',
      '/assets/signing/html.ts',
      '/assets/pdfjs/0.0.1/pdf.min.mjs',
    ]) {
      expect((await w.api.fetch(path)).status, path).toBe(404);
    }
  });

  it('serves assets under content-hashed names, brotli or gzip by Accept-Encoding, cached for good', async () => {
    const html = await (
      await w.api.fetch(`/s/${(await w.send({ recipients: [{ name: 'Cy' }] })).tokens[0]}`)
    ).text();
    const script = /src="(\/assets\/signing\/signing\.[0-9a-f]{12}\.js)"/.exec(html)![1]!;
    const css = /href="(\/assets\/signing\/signing\.[0-9a-f]{12}\.css)"/.exec(html)![1]!;
    const pdfjs = `${/data-pdfjs="([^"]+)"/.exec(html)![1]!}pdf.worker.min.mjs`;
    const plain = await (
      await w.api.fetch('/assets/signing/signing.js', { headers: { 'accept-encoding': 'identity' } })
    ).text();
    for (const path of [script, css, pdfjs]) {
      // The first request may start the compression; the copies come from the shared cache once made.
      await expect
        .poll(async () => (await rawGet(path, 'gzip, br')).headers['content-encoding'], {
          timeout: 60_000,
          interval: 500,
        })
        .toBe('br');
      const br = await rawGet(path, 'gzip, deflate, br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      const gz = await rawGet(path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      const none = await rawGet(path, 'br;q=0, identity');
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(brotliDecompressSync(br.body).equals(none.body)).toBe(true);
      expect(gunzipSync(gz.body).equals(none.body)).toBe(true);
      expect(br.body.length).toBeLessThan(none.body.length / 2);
    }
    expect(await (await w.api.fetch(script, { headers: { 'accept-encoding': 'identity' } })).text()).toBe(
      plain,
    );
    // Unhashed names still answer, revalidated often.
    expect((await w.api.fetch('/assets/signing/signing.js')).headers.get('cache-control')).toBe(
      'public, max-age=300',
    );
  }, 120_000);

  it('documents the signer API in the OpenAPI document, without bearer auth', async () => {
    const doc = (await (await w.api.fetch('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    const routes = {
      '/api/signing/{token}': 'get',
      '/api/signing/{token}/documents/{documentId}': 'get',
      '/api/signing/{token}/documents/{documentId}/pages/{page}': 'get',
      '/api/signing/{token}/documents/{documentId}/pages/{page}/text': 'get',
      '/api/signing/{token}/code': 'post',
      '/api/signing/{token}/code/verify': 'post',
      '/api/signing/{token}/sign': 'post',
      '/api/signing/{token}/decline': 'post',
      '/api/signing/{token}/draft': 'put',
    };
    for (const [path, method] of Object.entries(routes)) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op!.security).toEqual([{ signerCookie: [] }, {}]);
      expect(Object.keys(op!.responses)).toContain('410');
    }
    for (const name of [
      'SigningView',
      'SigningSignRequest',
      'SigningErrorResponse',
      'AdoptedSignature',
      'SigningField',
      'SigningDraft',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(doc.components.securitySchemes.signerCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'countersign_signer',
    });
  });

  it('says the signed PDF is being prepared until the completion job has stored it (HEAD too: the page polls with it)', async () => {
    const s = await w.send({ recipients: [{ name: 'Hea Der' }], authRequirement: 'public' });
    const url = `/api/signing/${s.tokens[0]}/documents/${s.documentIds[0]}`;
    const head = await w.api.fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect((await w.api.fetch(`/api/signing/${s.tokens[0]}/documents/not-a-document`)).status).toBe(404);

    // The state between "everyone signed" and the sealed PDF, set directly: the job is not what is tested here.
    const db = w.api.runtime.ctx.db;
    await db
      .update(sessions)
      .set({ status: 'completed', completedAt: w.clock.now() })
      .where(eq(sessions.id, s.sessionId));
    const view = await w.signer(s.tokens[0]!).view();
    expect(view.status).toBe('completed');
    expect(view.download).toEqual({
      ready: false,
      availableUntil: new Date(w.clock.now() + 30 * 86_400_000).toISOString(),
    });
    const preparing = await w.api.fetch(url, { method: 'HEAD' });
    expect(preparing.status).toBe(409);
    expect(preparing.headers.get('retry-after')).toBe('5');
    const body = (await (await w.api.fetch(url)).json()) as { error: string };
    expect(body.error).toBe('document_not_ready');

    await db
      .update(documents)
      .set({ finalSha256: documents.preparedSha256 })
      .where(eq(documents.id, s.documentIds[0]!));
    expect((await w.signer(s.tokens[0]!).view()).download?.ready).toBe(true);
    const ready = await w.api.fetch(url);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-disposition')).toContain('(signed).pdf');
  });
});
