import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalize, PdfEngineError, type SealOptions } from '../src/index.ts';
import type { TestCa, TestTsa } from '../src/testing/index.ts';
import { startCaIssuedTsa, startTestCa, startTestTsa } from '../src/testing/index.ts';
import { completedSession, onePagePdf, runTool, testSealIdentity } from './seal-fixtures.ts';

// Revocation data in the DSS (PAdES B-LT) for an operator's CA-issued seal certificate: a real CA made with
// openssl (root -> intermediate -> seal), its OCSP responder (`openssl ocsp`) and CRLs (`openssl ca -gencrl`)
// served on loopback, and a real TSA. The sealed file's DSS carries the OCSP response and both CRLs and a /VRI
// entry for the seal; openssl reads them back. A responder that is down, or a revoked certificate, fails the
// seal with the source's name (completion then retries with back-off, as for a TSA).

let dir: string;
let ca: TestCa;
let tsa: TestTsa;
let seal: SealOptions;
let prepared: Uint8Array;
const input = completedSession('d0d0d0d0-1111-4222-8333-444455556666', 'cd'.repeat(32));
const tool = (name: string, args: string[], file?: { bytes: Uint8Array; ext?: string }) =>
  runTool(dir, name, args, file);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'revocation-'));
  [ca, tsa] = await Promise.all([startTestCa(), startTestTsa()]);
  // A generous timeout: openssl starts a process per answer, slow on a loaded machine.
  seal = {
    p12: ca.p12,
    passphrase: ca.passphrase,
    reason: 'Signed',
    name: 'Countersign',
    tsa: { url: tsa.url, timeoutMs: 60_000 },
  };
  prepared = await onePagePdf();
}, 60_000);

afterAll(async () => {
  await Promise.all([ca.close(), tsa.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const attempt = (options = seal) =>
  finalize(prepared, input, options).then(
    () => null,
    (error: unknown) => error as PdfEngineError,
  );

/** The final file's DSS and its items (streams' DER) under a key of it or of a /VRI entry. */
async function dssOf(bytes: Uint8Array) {
  const loaded = await PDFDocument.load(bytes);
  const dss = loaded.catalog.lookup(PDFName.of('DSS'), PDFDict);
  const items = (dict: PDFDict, key: string) =>
    dict
      .lookup(PDFName.of(key), PDFArray)
      .asArray()
      .map((ref) => Buffer.from((loaded.context.lookup(ref) as PDFRawStream).contents));
  return { dss, items };
}

/** How openssl reads an OCSP response, and a CRL's issuer. */
const ocspText = (der: Buffer) =>
  tool('openssl', ['ocsp', '-resp_text', '-noverify', '-respin'], { bytes: der, ext: 'der' }).out;
const crlIssuer = (der: Buffer) =>
  tool('openssl', ['crl', '-inform', 'DER', '-noout', '-issuer', '-in'], { bytes: der, ext: 'der' }).out;

describe('revocation data for a CA-issued seal certificate', () => {
  it('the DSS carries the OCSP response and both CRLs, and a /VRI entry for the seal', async () => {
    const { bytes } = await finalize(prepared, input, seal);
    expect(ca.answered).toEqual({ '/ocsp': 1, '/seal.crl': 1, '/root.crl': 1 });
    expect(tool('qpdf', ['--check'], { bytes, ext: 'pdf' }).code).toBe(0);
    expect(tool('pdfsig', [], { bytes, ext: 'pdf' }).out).toContain('Signature is Valid.');

    const { dss, items } = await dssOf(bytes);
    const ocsps = items(dss, 'OCSPs');
    const crls = items(dss, 'CRLs');
    expect(ocsps).toHaveLength(1);
    expect(crls).toHaveLength(2);
    // openssl reads them: the seal certificate is good, the CRLs come from the intermediate and the root.
    expect(ocspText(ocsps[0]!)).toContain('OCSP Response Status: successful');
    expect(ocspText(ocsps[0]!)).toMatch(/Serial Number: 2002[\s\S]*Cert Status: good/);
    const issuers = crls.map(crlIssuer);
    expect(issuers.join()).toContain('Countersign Test Intermediate CA');
    expect(issuers.join()).toContain('Countersign Test Root CA');
    // Both CRLs verify with their issuers' certificates.
    const pemOf = (der: Buffer) =>
      `-----BEGIN CERTIFICATE-----\n${der.toString('base64')}\n-----END CERTIFICATE-----\n`;
    writeFileSync(join(dir, 'inter.pem'), pemOf(ca.intermediate));
    expect(
      tool('openssl', ['crl', '-inform', 'DER', '-noout', '-CAfile', join(dir, 'inter.pem'), '-in'], {
        bytes: crls.find((_, i) => issuers[i]!.includes('Intermediate'))!,
        ext: 'der',
      }).out,
    ).toContain('verify OK');

    // /VRI: keyed by the SHA-1 of the seal's /Contents, listing the chain, the OCSP response and the CRLs.
    const text = Buffer.from(bytes).toString('latin1');
    const range = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text)!.slice(1).map(Number);
    const contents = Buffer.from(text.slice(range[1]! + 1, range[2]! - 1), 'hex');
    const key = createHash('sha1').update(contents).digest('hex').toUpperCase();
    const vri = dss.lookup(PDFName.of('VRI'), PDFDict).lookup(PDFName.of(key), PDFDict);
    expect(items(vri, 'OCSP')).toEqual(ocsps);
    expect(items(vri, 'CRL')).toEqual(crls);
    expect(items(vri, 'Cert').some((c) => c.equals(ca.seal))).toBe(true);
  }, 60_000);

  it('a revocation source that is down fails the seal, naming it; no file without the data', async () => {
    ca.mode = 'down';
    try {
      const down = await attempt();
      expect(down).toBeInstanceOf(PdfEngineError);
      expect(`${down!.code}: ${down!.message}`).toMatch(/^revocation-failed: /);
      expect(down!.message).toMatch(
        new RegExp(
          `^revocation source ${ca.ocspUrl.replaceAll('.', '\\.')}|${ca.sealCrlUrl}: answered HTTP 503`,
        ),
      );
      expect(down!.message).toContain('answered HTTP 503');
    } finally {
      ca.mode = 'up';
    }
  }, 60_000);

  it('a revoked seal certificate fails the seal, saying so', async () => {
    ca.revokeSeal();
    const revoked = await attempt();
    expect(revoked).toBeInstanceOf(PdfEngineError);
    expect(`${revoked!.code}: ${revoked!.message}`).toMatch(/^revocation-failed: /);
    expect(revoked!.message).toMatch(
      /^seal certificate CN=Operator Seal, O=Countersign Tests was revoked at 20\d\d-/,
    );
  }, 60_000);
});

describe("revocation data for a CA-issued TSA's certificate", () => {
  // The TSA's certificate comes from a CA of its own (root -> intermediate -> TSA) and names an OCSP responder, a
  // CRL and its issuer's certificate (AIA caIssuers); its tokens carry only that certificate, as public TSAs'
  // often do, and the seal is the generated self-signed one: every source asked is the TSA's.
  let tsaCa: TestCa;
  let caTsa: TestTsa;
  let tsaSeal: SealOptions;
  beforeAll(async () => {
    ({ ca: tsaCa, tsa: caTsa } = await startCaIssuedTsa());
    tsaSeal = {
      ...testSealIdentity('Seal'),
      reason: 'Signed',
      name: 'Countersign',
      tsa: { url: caTsa.url, timeoutMs: 60_000 },
    };
  }, 60_000);
  afterAll(async () => {
    await Promise.all([tsaCa.close(), caTsa.close()]);
  });

  it("the DSS carries the TSA certificate's OCSP response and CRLs, and the issuers fetched for it", async () => {
    const { bytes } = await finalize(prepared, input, tsaSeal);
    // Its issuer (and the issuer's) from AIA caIssuers, then the TSA's OCSP and CRL and the intermediate's CRL.
    expect(tsaCa.answered).toEqual({
      '/inter.crt': 1,
      '/root.crt': 1,
      '/tsa-ocsp': 1,
      '/tsa.crl': 1,
      '/root.crl': 1,
    });
    expect(caTsa.granted).toBe(2); // the signature and the document time-stamps
    expect(tool('qpdf', ['--check'], { bytes, ext: 'pdf' }).code).toBe(0);
    const pdfsig = tool('pdfsig', [], { bytes, ext: 'pdf' }).out;
    expect(pdfsig).toContain('Signature is Valid.');
    expect(pdfsig).toContain('Countersign document timestamp');

    const { dss, items } = await dssOf(bytes);
    const ocsps = items(dss, 'OCSPs');
    expect(ocsps).toHaveLength(1);
    expect(ocspText(ocsps[0]!)).toContain('OCSP Response Status: successful');
    expect(ocspText(ocsps[0]!)).toMatch(/Serial Number: 3003[\s\S]*Cert Status: good/);
    const issuers = items(dss, 'CRLs').map(crlIssuer);
    expect(issuers).toHaveLength(2);
    expect(issuers.join()).toContain('Countersign Test Intermediate CA');
    expect(issuers.join()).toContain('Countersign Test Root CA');
    // The fetched issuers are in /Certs: a validator needs them to check the TSA's certificate and its data.
    const certs = items(dss, 'Certs');
    expect(certs.some((c) => c.equals(tsaCa.intermediate))).toBe(true);
    expect(certs.some((c) => c.equals(tsaCa.root))).toBe(true);
    // The seal's /VRI lists them too: its signature time-stamp is part of validating the seal.
    const vri = dss.lookup(PDFName.of('VRI'), PDFDict);
    const entry = vri.lookup(vri.keys()[0]!, PDFDict);
    expect(items(entry, 'OCSP')).toEqual(ocsps);
  }, 60_000);

  it("a TSA revocation source that is down fails the seal like the seal's own, naming it", async () => {
    tsaCa.mode = 'down';
    try {
      const down = await attempt(tsaSeal);
      expect(down).toBeInstanceOf(PdfEngineError);
      expect(`${down!.code}: ${down!.message}`).toMatch(/^revocation-failed: /);
      // The first source asked is where the TSA's issuer is published.
      expect(down!.message).toBe(`revocation source ${tsaCa.intermediateUrl}: answered HTTP 503`);
    } finally {
      tsaCa.mode = 'up';
    }
  }, 60_000);

  it("a TSA that rolls its key between the two time-stamps fails the attempt: the document time-stamp's certificate has no data in the DSS", async () => {
    // Self-signed for the signature time-stamp (nothing to fetch), then the CA-issued certificate.
    const issued = await tsaCa.issueTimeStamping();
    const rolling = await startTestTsa({ rollover: { key: issued.key, certificate: issued.certificate } });
    try {
      const failed = await attempt({ ...tsaSeal, tsa: { url: rolling.url, timeoutMs: 60_000 } });
      expect(failed).toBeInstanceOf(PdfEngineError);
      expect(`${failed!.code}: ${failed!.message}`).toBe(
        `revocation-failed: timestamp authority ${rolling.url}: signed the document time-stamp with another certificate than the signature time-stamp (CN=Countersign Test TSA, O=Countersign Tests, serial 3003), whose revocation data is not in the DSS it covers`,
      );
      expect(rolling.granted).toBe(2);
    } finally {
      await rolling.close();
    }
  }, 60_000);

  it('a revoked TSA certificate fails the seal, saying whose', async () => {
    tsaCa.revokeTimeStamping();
    const revoked = await attempt(tsaSeal);
    expect(revoked).toBeInstanceOf(PdfEngineError);
    expect(`${revoked!.code}: ${revoked!.message}`).toMatch(/^revocation-failed: /);
    expect(revoked!.message).toMatch(
      /^TSA certificate CN=Countersign Test TSA, O=Countersign Tests was revoked at 20\d\d-/,
    );
  }, 60_000);
});
