import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { blobContents, blobs } from '@countersign/db';
import { startS3, until } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';
import { startHosts } from './hosts-support.ts';
import { bearer } from './webhooks-support.ts';

// The scaled topology with blobs in an S3-compatible bucket (a real s3rver in this process): an API and a
// worker on hosts of their own and the operator's runtime share PostgreSQL, Redis and the bucket. A drive file
// is sent, signed, completed and sealed, a template is sent; every PDF's bytes are then objects in the bucket,
// none in PostgreSQL's blob_contents nor on a host's disk. The bucket going away answers downloads and /readyz
// 503, until it is back.

const s3 = await startS3();
afterAll(() => s3.stop());
const { d, operator, token, sendDriveFile, signAsAnn, sendTemplate } = await startHosts({
  shared: { ...s3.env, S3_PREFIX: 'pdfs' },
});

const sessionStatus = async (sessionId: string) => {
  const res = await checkedFetch(`${d.url}/api/sessions/${sessionId}`, { headers: bearer(token) });
  return ((await res.json()) as { status: string }).status;
};

const readyz = async () => {
  const res = await checkedFetch(`${d.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, body: await res.json() };
};

let finalUrl = '';

describe('blobs in an S3 bucket, hosts sharing PostgreSQL', () => {
  it('sends a drive file, signs and completes it: the sealed PDF downloads from the bucket', async () => {
    const row = await sendDriveFile('Lease in S3', { notify: false });
    expect((await signAsAnn(row)).status).toBe(200);
    await until(
      'the session completed',
      async () => (await sessionStatus(row.sessionId)) === 'completed',
      90_000,
      250,
    );

    finalUrl = `${d.url}/api/sessions/${row.sessionId}/documents/${row.documents[0]!.documentId}`;
    const final = await checkedFetch(finalUrl, { headers: bearer(token) });
    expect(final.status).toBe(200);
    const pdf = new Uint8Array(await final.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(pdf).includes(Buffer.from('/ByteRange'))).toBe(true); // sealed
    expect(await s3.objects()).toContainEqual({
      key: `pdfs/${createHash('sha256').update(pdf).digest('hex')}`,
      size: pdf.byteLength,
    });
  }, 120_000);

  it('sends a template', async () => {
    await sendTemplate('S3 NDA', ['cleo']);
  }, 60_000);

  it('keeps every blob in the bucket: none in PostgreSQL, none on any host’s disk', async () => {
    const listed = await operator.db.select({ sha256: blobs.sha256, size: blobs.size }).from(blobs);
    // The drive file, the final and the template's document, with prepared copies where they differ.
    expect(listed.length).toBeGreaterThanOrEqual(4);
    const objects = await s3.objects();
    for (const b of listed) expect(objects).toContainEqual({ key: `pdfs/${b.sha256}`, size: b.size });
    expect(await operator.db.select({ sha256: blobContents.sha256 }).from(blobContents)).toEqual([]);
    const dirs = [...d.hostDirs, operator.ctx.config.dataDir];
    expect(dirs).toHaveLength(3);
    for (const dir of dirs)
      for (const kept of ['drive', 'blobs', 'secrets'])
        expect(fs.existsSync(path.join(dir, kept)), `${dir}/${kept}`).toBe(false);
  });

  it('reports the bucket in /readyz', async () => {
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', redis: 'ok', s3: 'ok' } },
    });
  });

  it('answers a download 503, and /readyz 503, while the bucket is out of reach', async () => {
    await s3.stop();
    const started = Date.now();
    const answer = await checkedFetch(finalUrl, { headers: bearer(token) });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ error: 'service_unavailable' });
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await readyz()).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', redis: 'ok', s3: 'failing' } },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is ready again, and downloads, once the bucket is back', async () => {
    await s3.restart();
    await until('/readyz 200', async () => (await readyz()).status === 200, 10_000);
    expect((await checkedFetch(finalUrl, { headers: bearer(token) })).status).toBe(200);
  });
});
