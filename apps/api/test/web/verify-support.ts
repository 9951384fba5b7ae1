import { documents } from '@countersign/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import type { TestApi } from '../harness.ts';
import { sendSession, signAndComplete } from '../purge-support.ts';
import { type AppWorld, appWorld } from './browser.ts';

export type VerifyWorld = AppWorld & { sealed: Buffer };

/** An API, Chromium and a sealed PDF for the file's tests (set up before them, closed after them). */
export function verifyWorld(): VerifyWorld {
  const world = appWorld({ worker: false }) as VerifyWorld;
  beforeAll(async () => {
    world.sealed = await sealedPdf(world.api);
  }, 120_000);
  return world;
}

/** The sealed PDF of a session sent, signed and completed on `api`, exactly as the service stores and serves it. */
export async function sealedPdf(api: TestApi): Promise<Buffer> {
  const { accountId, accessToken } = await api.newAccount('Verify Ltd', 'ops@verify.test');
  const sent = await sendSession({ ctx: api.runtime.ctx, post: api.post }, accessToken, accountId, {
    title: 'Verified agreement',
    name: 'Vera Verifier',
    email: 'vera@verify.test',
  });
  await signAndComplete(api.runtime.ctx, sent, 'Vera Verifier');
  const [{ finalSha256 }] = (await api.runtime.ctx.db
    .select({ finalSha256: documents.finalSha256 })
    .from(documents)
    .where(eq(documents.sessionId, sent.sessionId))) as [{ finalSha256: string }];
  return Buffer.from(await api.runtime.ctx.blobs.read(finalSha256));
}

/** The sealed PDF with one bit flipped inside its first signed range. */
export function flipped(sealed: Buffer): Buffer {
  const copy = Buffer.from(sealed);
  copy[1000] = copy[1000]! ^ 0x01;
  return copy;
}

/** Chooses `bytes` as the PDF on the /verify page and reads the verdict and each check's outcome. */
export async function checkPdf(page: Page, name: string, bytes: Buffer) {
  await page.locator('#pdf').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  const verdict = page.locator('.verdict[data-verdict]');
  await expect.poll(() => verdict.count()).toBe(1);
  const rows: [string, string][] = await page
    .locator('tr[data-check]')
    .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-check'), tr.getAttribute('data-ok')]));
  return {
    verdict: await verdict.getAttribute('data-verdict'),
    text: await verdict.innerText(),
    checks: new Map(rows),
  };
}
