import { localDrive } from '@countersign/core';
import { blobs, documents, pageImages, pageRenders } from '@countersign/db';
import { maskPdf } from '@countersign/pdf-engine/testing';
import type { SigningPageText, SigningView } from '@countersign/schemas';
import { until } from '@countersign/test-support';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { createTestTemplate, signatureField } from './fixtures/templates.ts';
import { blobHashes, sendSession, storedBlobs } from './purge-support.ts';

// Pages drawn ahead of time (docs/signing-page.md): a send's job draws them after the answer, a template's at
// its creation; the signing view lists them once every page is drawn; the image and text routes are guarded
// like the PDF; a purge deletes them with the document.

const world = await startApiWorld({ account: 'Pages Ltd', env: { PAGE_IMAGES: '1' } });
const { api, accessToken, accountId } = world;
const ctx = api.runtime.ctx;
const target = { ctx, post: api.post };
afterAll(() => world.close());

const view = async (token: string) =>
  (await (await api.fetch(`/api/signing/${token}`)).json()) as SigningView;

/** The view once its first document's pages are drawn (a job after the send's answer). */
async function drawnView(token: string): Promise<SigningView> {
  let v = await view(token);
  const drawn = async () => {
    v = await view(token);
    return v.documents[0]!.pageImages !== null;
  };
  await until('the pages are drawn', drawn, 60_000);
  return v;
}

/** A WebP's canvas size from its header (VP8X, lossless VP8L or lossy VP8). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(bytes);
  expect(b.toString('latin1', 0, 4)).toBe('RIFF');
  expect(b.toString('latin1', 8, 12)).toBe('WEBP');
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
}

describe('pages drawn ahead of time', () => {
  it('draws a sent document after the answer and serves its images and text, cacheable for good', async () => {
    const sent = await sendSession(target, accessToken, accountId, {
      title: 'Drawn lease',
      name: 'Pia Page',
      email: 'pia@pages.test',
    });
    const v = await drawnView(sent.signingToken);
    const doc = v.documents[0]!;
    const images = doc.pageImages!;
    expect(images.widths).toEqual([800, 1600]);
    expect(images.pages).toHaveLength(doc.pageCount);
    expect(images.pages[0]).toEqual({ width: 612, height: 792 });
    expect(images.url).toBe(`${doc.url}/pages`);

    for (const width of images.widths) {
      const res = await api.fetch(`${new URL(images.url).pathname}/1?width=${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const size = webpSize(new Uint8Array(await res.arrayBuffer()));
      expect(size.width).toBe(width);
      expect(size.height).toBe(Math.round((width * 792) / 612));
    }
    const text = await api.fetch(`${new URL(images.url).pathname}/1/text`);
    expect(text.status).toBe(200);
    expect(text.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const body = (await text.json()) as SigningPageText;
    expect(body.page).toBe(1);
    const words = body.items.map((i) => i.text).join(' ');
    expect(words).toContain('Drawn lease');
    for (const item of body.items) {
      for (const n of [item.x, item.y, item.x + item.width, item.y + item.height]) {
        expect(n).toBeGreaterThanOrEqual(-0.01);
        expect(n).toBeLessThanOrEqual(1.01);
      }
    }
  });

  it('answers 404 page_not_found for a page or width not drawn, 400 for a page that is no number', async () => {
    const sent = await sendSession(target, accessToken, accountId, {
      title: 'Bounds',
      name: 'Bo Bounds',
      email: 'bo@pages.test',
    });
    const base = new URL((await drawnView(sent.signingToken)).documents[0]!.pageImages!.url).pathname;
    for (const path of [`${base}/1?width=799`, `${base}/99?width=800`, `${base}/99/text`]) {
      const res = await api.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'page_not_found' });
    }
    for (const path of [`${base}/0?width=800`, `${base}/one?width=800`, `${base}/1`]) {
      const res = await api.fetch(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_request' });
    }
    const other = await api.fetch(`/api/signing/${sent.signingToken}/documents/nope/pages/1?width=800`);
    expect(other.status).toBe(404);
  });

  it('draws a template once, at its creation, and its sends show those pages', {
    timeout: 90_000,
  }, async () => {
    const t = await createTestTemplate(api, accountId, {
      roles: ['Client'],
      pages: 3,
      fields: [signatureField('Client', 600)],
    });
    const send = async () => {
      const res = await api.post(
        '/api/templates/send',
        {
          templateId: t.templateId,
          authRequirement: 'public',
          notify: false,
          signingRequests: [
            { recipients: [{ label: 'Client', name: 'Tia Template', email: 'tia@pages.test' }] },
          ],
        },
        accessToken,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { invites: { participants: { signingUrl: string }[] }[] };
      return body.invites[0]!.participants[0]!.signingUrl.split('/s/')[1]!;
    };
    const first = await drawnView(await send());
    const second = await drawnView(await send());
    expect(first.documents[0]!.pageImages!.pages).toHaveLength(3);
    expect(second.documents[0]!.pageImages).toMatchObject({
      widths: first.documents[0]!.pageImages!.widths,
      pages: first.documents[0]!.pageImages!.pages,
    });
    // One drawing for both sessions: three pages, two images and a text each.
    const rows = await ctx.db.select().from(pageRenders);
    const mine = rows.filter((r) => r.pages?.length === 3);
    expect(mine).toHaveLength(1);
    const drawn = await ctx.db
      .select()
      .from(pageImages)
      .where(eq(pageImages.documentSha256, mine[0]!.documentSha256));
    expect(drawn).toHaveLength(9);
  });

  it('leaves a document it cannot draw to the browser: failed, and no pageImages', {
    timeout: 90_000,
  }, async () => {
    const { cloudFileId } = await (await localDrive(ctx, accountId)).put(
      'Huge mask.pdf',
      await maskPdf(9000, 6000),
    );
    const res = await api.post(
      '/api/sessions/send',
      {
        cloudFileIds: [cloudFileId],
        authRequirement: 'public',
        notify: false,
        signingRequests: [{ recipients: [{ name: 'Max Mask', email: 'max@pages.test' }] }],
      },
      accessToken,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      rows: { sessionId: string; participants: { signingUrl: string }[] }[];
    };
    const [prepared] = (await blobHashes(ctx, body.rows[0]!.sessionId)).slice(1);
    const row = async () =>
      (await ctx.db.select().from(pageRenders).where(eq(pageRenders.documentSha256, prepared!)))[0];
    await until('the drawing gave up', async () => (await row())?.status === 'failed', 60_000);
    expect((await row())!.error).toMatch(/^page-too-large: /);
    const v = await view(body.rows[0]!.participants[0]!.signingUrl.split('/s/')[1]!);
    expect(v.documents[0]!.pageImages).toBeNull();
    expect(await ctx.db.select().from(pageImages).where(eq(pageImages.documentSha256, prepared!))).toEqual(
      [],
    );
  });

  it('asks again for a drawing whose job was lost (still pending after ten minutes)', {
    timeout: 90_000,
  }, async () => {
    const sent = await sendSession(target, accessToken, accountId, {
      title: 'Lost job',
      name: 'Lou Lost',
      email: 'lou@pages.test',
    });
    const [, prepared] = await blobHashes(ctx, sent.sessionId);
    await drawnView(sent.signingToken);
    // As if the job had never run: the row back to pending, its pages gone.
    await ctx.db.delete(pageImages).where(eq(pageImages.documentSha256, prepared!));
    await ctx.db
      .update(pageRenders)
      .set({ status: 'pending', pages: null, createdAt: Date.now() - 11 * 60_000 })
      .where(eq(pageRenders.documentSha256, prepared!));
    expect((await view(sent.signingToken)).documents[0]!.pageImages).toBeNull();
    const again = await drawnView(sent.signingToken);
    expect(again.documents[0]!.pageImages!.pages).toHaveLength(again.documents[0]!.pageCount);
  });

  it('needs the signer cookie for pages of a session that asks for a code', async () => {
    const res = await api.post(
      '/api/sessions/send',
      {
        cloudFileIds: [(await sendable('Coded')).cloudFileId],
        authRequirement: 'otp',
        notify: false,
        signingRequests: [{ recipients: [{ name: 'Cody Code', email: 'cody@pages.test' }] }],
      },
      accessToken,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      rows: { sessionId: string; participants: { signingUrl: string }[] }[];
    };
    const token = body.rows[0]!.participants[0]!.signingUrl.split('/s/')[1]!;
    // Not verified: the view lists no documents, and the pages answer 401.
    expect((await view(token)).documents).toEqual([]);
    const [row] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.sessionId, body.rows[0]!.sessionId));
    for (const path of [`/pages/1?width=800`, `/pages/1/text`]) {
      const page = await api.fetch(`/api/signing/${token}/documents/${row!.id}${path}`);
      expect(page.status, path).toBe(401);
      expect(await page.json()).toMatchObject({ error: 'verification_required' });
    }
  });

  it('purges the drawn pages with the document', { timeout: 90_000 }, async () => {
    const sent = await sendSession(target, accessToken, accountId, {
      title: 'Purged drawing',
      name: 'Pur Ged',
      email: 'pur@pages.test',
    });
    await drawnView(sent.signingToken);
    const hashes = await blobHashes(ctx, sent.sessionId);
    const drawn = await ctx.db.select().from(pageImages).where(inArray(pageImages.documentSha256, hashes));
    expect(drawn.length).toBeGreaterThan(0);
    const drawnBlobs = drawn.map((d) => d.blobSha256);
    expect(await storedBlobs(ctx, drawnBlobs)).toEqual(drawnBlobs);

    const cancelled = await api.post('/api/sessions/cancel', { sessionId: sent.sessionId }, accessToken);
    expect(cancelled.status).toBe(200);
    const purge = await api.fetch(`/api/sessions/${sent.sessionId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(purge.status).toBe(202);
    // The appended signature page looks the same in every one-signer send: its images are shared, and stay.
    const elsewhere = await ctx.db
      .select({ sha: pageImages.blobSha256 })
      .from(pageImages)
      .where(and(inArray(pageImages.blobSha256, drawnBlobs), notInArray(pageImages.documentSha256, hashes)));
    const shared = new Set(elsewhere.map((r) => r.sha));
    const own = drawnBlobs.filter((sha) => !shared.has(sha));
    expect(own.length).toBeGreaterThanOrEqual(3); // page 1: two images and its text
    const purged = async () => {
      const res = await api.fetch(`/api/sessions/${sent.sessionId}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return ((await res.json()) as { purge: { state: string } | null }).purge?.state === 'purged';
    };
    await until('the purge finished', purged, 30_000);
    expect(await storedBlobs(ctx, own)).toEqual([]);
    expect(await storedBlobs(ctx, [...shared])).toEqual([...shared]);
    expect(await ctx.db.select().from(pageImages).where(inArray(pageImages.documentSha256, hashes))).toEqual(
      [],
    );
    expect(
      await ctx.db.select().from(pageRenders).where(inArray(pageRenders.documentSha256, hashes)),
    ).toEqual([]);
    expect(await ctx.db.select().from(blobs).where(inArray(blobs.sha256, own))).toEqual([]);
  });
});

const sendable = async (title: string) =>
  (await localDrive(ctx, accountId)).put(`${title}.pdf`, await makePdf(1, title));
