import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfWriter, finalize, PdfEngineError, type SealOptions } from '../src/index.ts';
import { startTestTsa, type TestTsa, timestampedPdf } from '../src/testing/index.ts';
import { completedSession, onePagePdf, runTool, testSealIdentity } from './seal-fixtures.ts';

// Trusted time against a real RFC 3161 TSA on loopback (openssl ts -reply): the seal carries a signature
// time-stamp (B-T), the file a DSS and a document time-stamp appended after it (B-LTA); pdfsig, qpdf and
// `openssl ts -verify` check the result independently. A TSA that fails fails the seal, naming the TSA.

let dir: string;
let tsa: TestTsa;
let seal: SealOptions;
let prepared: Uint8Array;
const input = completedSession('c0c0c0c0-1111-4222-8333-444455556666', 'ab'.repeat(32));
const tool = (name: string, args: string[], bytes?: Uint8Array) =>
  runTool(dir, name, args, bytes && { bytes });

/** `openssl ts -verify` of a token over `digest` (SHA-256), trusting only the test TSA's certificate. */
function opensslVerify(token: Buffer, digest: Buffer): { code: number | null; out: string } {
  const tokenFile = join(dir, `token-${Math.random().toString(36).slice(2)}.der`);
  writeFileSync(tokenFile, token);
  const caFile = join(dir, 'tsa.pem');
  writeFileSync(
    caFile,
    `-----BEGIN CERTIFICATE-----\n${tsa.certificate.toString('base64')}\n-----END CERTIFICATE-----\n`,
  );
  return tool('openssl', [
    'ts',
    '-verify',
    '-digest',
    digest.toString('hex'),
    '-in',
    tokenFile,
    '-token_in',
    '-CAfile',
    caFile,
  ]);
}

/** The n-th signature value of the file (zero padding dropped) and its byte range. */
function signatureValue(bytes: Uint8Array, n: number): { der: Buffer; range: number[] } {
  const text = Buffer.from(bytes).toString('latin1');
  const match = [
    ...text.matchAll(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]\s*\/Contents <([0-9a-fA-F]+)>/g),
  ][n]!;
  const raw = Buffer.from(match[5]!, 'hex');
  // Zero-padded to the placeholder's size: keep the DER element (a SEQUENCE with a long-form length).
  const lengthBytes = raw[1]! & 0x7f;
  return {
    der: raw.subarray(0, 2 + lengthBytes + raw.readUIntBE(2, lengthBytes)),
    range: match.slice(1, 5).map(Number),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'timestamp-'));
  tsa = await startTestTsa({ credentials: { username: 'stamp', password: 'let me in' } });
  seal = {
    ...testSealIdentity('Seal'),
    reason: 'Signed',
    name: 'Countersign',
    tsa: { url: tsa.url, username: 'stamp', password: 'let me in' },
  };
  prepared = await onePagePdf();
});

afterAll(async () => {
  await tsa.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sealing with a TSA', () => {
  it('the seal carries a signature time-stamp; a DSS and a document time-stamp follow it; pdfsig, qpdf and openssl agree', async () => {
    const granted = tsa.granted;
    const { bytes } = await finalize(prepared, input, seal);
    expect(tsa.granted - granted).toBe(2); // one for the signature, one for the document

    // pdfsig cannot validate the document time-stamp (ETSI.RFC3161): openssl checks its token below.
    const { pdfsig, missing } = timestampedPdf(bytes);
    expect(missing).toEqual([]);
    expect(pdfsig.split('Signature #2:')[0]).toContain('Signature Field Name: Countersign seal 1');

    // The signature time-stamp: an unsigned attribute of the seal's SignerInfo over its signature value.
    const sealCms = forge.asn1.fromDer(
      forge.util.createBuffer(signatureValue(bytes, 0).der.toString('binary')),
    );
    const signedData = ((sealCms.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!
      .value as forge.asn1.Asn1[];
    const signerInfo = (signedData.at(-1)!.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
    const sigValue = Buffer.from(signerInfo[5]!.value as string, 'binary');
    const unsigned = signerInfo[6]!;
    expect(unsigned.tagClass).toBe(forge.asn1.Class.CONTEXT_SPECIFIC);
    const attribute = (unsigned.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
    expect(forge.asn1.derToOid(forge.util.createBuffer(attribute[0]!.value as string))).toBe(
      '1.2.840.113549.1.9.16.2.14',
    );
    const signatureToken = Buffer.from(
      forge.asn1.toDer((attribute[1]!.value as forge.asn1.Asn1[])[0]!).getBytes(),
      'binary',
    );
    const sigCheck = opensslVerify(signatureToken, createHash('sha256').update(sigValue).digest());
    expect(sigCheck.out).toContain('Verification: OK');

    // The document time-stamp: its token covers everything but its own value, DSS included, to the end.
    const doc = signatureValue(bytes, 1);
    const [a, b, c, d] = doc.range as [number, number, number, number];
    expect(c + d).toBe(bytes.length);
    const covered = createHash('sha256')
      .update(bytes.subarray(a, a + b))
      .update(bytes.subarray(c, c + d))
      .digest();
    expect(opensslVerify(doc.der, covered).out).toContain('Verification: OK');

    // The DSS holds the seal certificate and the TSA's.
    const loaded = await PDFDocument.load(bytes);
    const dss = loaded.catalog.lookup(PDFName.of('DSS'), PDFDict);
    const certs = dss
      .lookup(PDFName.of('Certs'), PDFArray)
      .asArray()
      .map((ref) => {
        const stream = loaded.context.lookup(ref) as PDFRawStream;
        return Buffer.from(stream.contents);
      });
    expect(certs.some((der) => der.equals(tsa.certificate))).toBe(true);
    expect(certs).toHaveLength(2);
  });

  it('through the PDF writer pool (worker threads), as completion runs it', async () => {
    const writer = createPdfWriter({ poolSize: 1 });
    try {
      const { bytes } = await writer.finalize(prepared, input, seal);
      expect(tool('pdfsig', [], bytes).out).toContain('Countersign document timestamp');
    } finally {
      await writer.close();
    }
  });

  it('a TSA that is down, answers nonsense or refuses our credentials fails the seal with its name; no B-B file', async () => {
    const attempt = (options: SealOptions) =>
      finalize(prepared, input, options).then(
        () => null,
        (error: unknown) => error,
      );
    tsa.mode = 'down';
    const down = await attempt(seal);
    expect(down).toBeInstanceOf(PdfEngineError);
    expect((down as PdfEngineError).code).toBe('timestamp-failed');
    expect((down as Error).message).toBe(`timestamp authority ${tsa.url}: answered HTTP 503`);
    tsa.mode = 'garbage';
    expect(((await attempt(seal)) as Error).message).toMatch(
      new RegExp(
        `^timestamp authority ${tsa.url}: answered with something that is not a time-stamp response`,
      ),
    );
    tsa.mode = 'up';
    const wrongPassword = await attempt({
      ...seal,
      tsa: { url: tsa.url, username: 'stamp', password: 'no' },
    });
    expect((wrongPassword as Error).message).toBe(`timestamp authority ${tsa.url}: answered HTTP 401`);
    const closedPort = await attempt({ ...seal, tsa: { url: 'http://127.0.0.1:1/tsa', timeoutMs: 5000 } });
    expect((closedPort as Error).message).toMatch(
      /^timestamp authority http:\/\/127\.0\.0\.1:1\/tsa: unreachable/,
    );
    expect(await attempt(seal)).toBeNull();
  });
});
