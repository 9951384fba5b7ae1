import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSealCertificate } from '@countersign/pdf-engine';
import { startTestCa, startTestTsa, type TestTsa } from '@countersign/pdf-engine/testing';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatReport, runVerify, verifyPdf } from '../src/index.ts';
import { HEAD, sealWith } from './sealed-pdf.ts';

// The verifier on real sealed PDFs from the engine: a clean one verifies; a flipped byte, an appended
// incremental update, an edited certificate page and a truncated chain are each reported by the check's name.

let dir: string;

/** Root CA -> intermediate -> seal certificate, as an operator's PKCS#12 with or without the intermediate. */
function operatorChain(includeIntermediate: boolean): { p12: Uint8Array; passphrase: string } {
  const keys = () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return { priv: forge.pki.privateKeyFromPem(privateKey), pub: forge.pki.publicKeyFromPem(publicKey) };
  };
  const cert = (
    cn: string,
    pub: forge.pki.PublicKey,
    issuer: forge.pki.Certificate | null,
    signKey: forge.pki.PrivateKey,
    ca: boolean,
  ) => {
    const c = forge.pki.createCertificate();
    c.publicKey = pub;
    c.serialNumber = `01${randomBytes(8).toString('hex')}`;
    c.validity.notBefore = new Date(Date.now() - 3600_000);
    c.validity.notAfter = new Date(Date.now() + 365 * 86400_000);
    c.setSubject([{ name: 'commonName', value: cn }]);
    c.setIssuer(issuer ? issuer.subject.attributes : [{ name: 'commonName', value: cn }]);
    c.setExtensions([
      { name: 'basicConstraints', cA: ca },
      { name: 'keyUsage', keyCertSign: ca, digitalSignature: true, nonRepudiation: !ca },
    ]);
    c.sign(signKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
    return c;
  };
  const rootKeys = keys();
  const root = cert('Test Root CA', rootKeys.pub, null, rootKeys.priv, true);
  const interKeys = keys();
  const inter = cert('Test Intermediate CA', interKeys.pub, root, rootKeys.priv, true);
  const leafKeys = keys();
  const leaf = cert('Operator Seal', leafKeys.pub, inter, interKeys.priv, false);
  const passphrase = 'test-pass';
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    leafKeys.priv,
    includeIntermediate ? [leaf, inter, root] : [leaf, root],
    passphrase,
    { algorithm: '3des' },
  );
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/** The verify command (run-verify.ts) in this process: its exit code and what it printed. */
function verifyCommand(args: string[]): { status: number; stdout: string } {
  let stdout = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  try {
    return { status: runVerify(args), stdout };
  } finally {
    write.mockRestore();
  }
}

const failed = (report: ReturnType<typeof verifyPdf>) =>
  report.checks.filter((c) => c.ok === false).map((c) => c.name);

let clean: Awaited<ReturnType<typeof sealWith>>;
let stamped: Awaited<ReturnType<typeof sealWith>>;
let tsa: TestTsa;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verify-'));
  tsa = await startTestTsa();
  const { p12, passphrase } = generateSealCertificate({
    commonName: 'Seal',
    organization: 'Test',
    keyBits: 2048,
  });
  clean = await sealWith({ p12, passphrase });
  stamped = await sealWith({ p12, passphrase, tsa: { url: tsa.url } });
});
afterAll(async () => {
  await tsa.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('verifyPdf', () => {
  it('a clean final PDF verifies: seal, byte ranges, chain; the sealed audit head is read', () => {
    const report = verifyPdf(Buffer.from(clean.bytes));
    expect(failed(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.seal).toMatchObject({
      coveredBytes: expect.any(Number),
      fileBytes: clean.bytes.length,
      signingTime: '2026-03-04T05:06:07Z',
    });
    expect(report.seal!.byteRange[2] + report.seal!.byteRange[3]).toBe(clean.bytes.length);
    expect(report.chain).toHaveLength(1);
    expect(report.chain[0]!.selfSigned).toBe(true);
    expect(report.auditChainHead).toBe(HEAD);
    expect(report.checks.find((c) => c.name === 'timestamp')!.ok).toBeNull();
  });

  it('a flipped byte is reported as seal-digest', () => {
    const bytes = Buffer.from(clean.bytes);
    const at = Math.floor(clean.contentLength / 2);
    bytes[at] = bytes[at]! ^ 0x01;
    const report = verifyPdf(bytes);
    expect(report.ok).toBe(false);
    expect(failed(report)).toEqual(['seal-digest']);
  });

  it('an edited certificate page (bytes of the sealed increment) is reported as seal-digest', () => {
    const bytes = Buffer.from(clean.bytes);
    const text = bytes.toString('latin1');
    // The certificate page's objects are after the signed content and before the signature value.
    const at = text.indexOf('/Type /Page', clean.contentLength);
    expect(at).toBeGreaterThan(clean.contentLength);
    bytes.write('/Type /Pag ', at, 'latin1');
    expect(failed(verifyPdf(bytes))).toEqual(['seal-digest']);
  });

  it('an appended incremental update is reported as nothing-appended, and pdfsig agrees it is not the whole file', () => {
    const update = Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\nstartxref\n0\n%%EOF\n', 'latin1');
    const bytes = Buffer.concat([Buffer.from(clean.bytes), update]);
    const report = verifyPdf(bytes);
    expect(failed(report)).toEqual(['nothing-appended']);
    const file = join(dir, 'appended.pdf');
    writeFileSync(file, bytes);
    expect(spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout).not.toContain('Total document signed');
  });

  it('a truncated chain (intermediate left out) is reported as certificate-chain; with it, the chain is whole', async () => {
    const whole = await sealWith(operatorChain(true));
    const wholeReport = verifyPdf(Buffer.from(whole.bytes));
    expect(failed(wholeReport)).toEqual([]);
    expect(wholeReport.chain.map((c) => c.subject)).toEqual([
      'CN=Operator Seal',
      'CN=Test Intermediate CA',
      'CN=Test Root CA',
    ]);
    const truncated = await sealWith(operatorChain(false));
    const report = verifyPdf(Buffer.from(truncated.bytes));
    expect(failed(report)).toEqual(['certificate-chain']);
    expect(report.checks.find((c) => c.name === 'certificate-chain')!.detail).toMatch(/Test Intermediate CA/);
  }, 60_000);

  it('pnpm cli verify: text and --json, exit 0 only when every check holds', () => {
    const good = join(dir, 'good.pdf');
    writeFileSync(good, clean.bytes);
    const bad = join(dir, 'bad.pdf');
    const flipped = Buffer.from(clean.bytes);
    flipped[100] = flipped[100]! ^ 0x01;
    writeFileSync(bad, flipped);
    // One real CLI process (the admin CLI's wiring); the other case runs the same command in this process.
    const ok = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/main.ts', 'verify', good], {
      encoding: 'utf8',
      cwd: join(import.meta.dirname, '../../..'),
    });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/VALID/);
    expect(ok.stdout).toMatch(/OK\s+seal-digest/);
    const json = verifyCommand([bad, '--json']);
    expect(json.status).toBe(1);
    const parsed = JSON.parse(json.stdout) as { ok: boolean; checks: { name: string; ok: boolean | null }[] };
    expect(parsed.ok).toBe(false);
    expect(parsed.checks.find((c) => c.name === 'seal-digest')!.ok).toBe(false);
  }, 180_000); // a CLI process takes tens of seconds on a loaded 2-core machine

  it('a time-stamped seal (B-LTA): the signature and document time-stamps are reported with time and TSA', () => {
    const report = verifyPdf(Buffer.from(stamped.bytes), { requireTimestamp: true });
    expect(failed(report)).toEqual([]);
    expect(report.ok).toBe(true);
    const tsaName = tsa.subject.replaceAll('\n', ', ');
    expect(report.timestamp).toMatchObject({
      tsa: tsaName,
      signatureOk: true,
      timeStampingCertificate: true,
      imprintMatches: true,
    });
    expect(Date.parse(report.timestamp!.time)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(report.documentTimestamp).toMatchObject({
      tsa: tsaName,
      imprintMatches: true,
      coversWholeFile: true,
    });
    expect(report.dss).toBe(true);
    expect(report.checks.find((c) => c.name === 'timestamp')!.ok).toBe(true);
    expect(report.checks.find((c) => c.name === 'document-timestamp')!.ok).toBe(true);
    expect(report.checks.find((c) => c.name === 'nothing-appended')!.detail).toMatch(
      /validation data \(DSS\)/,
    );
  });

  it("an operator CA-issued seal and TSA (B-LT with revocation data): the DSS's OCSP responses and CRLs for both are reported", async () => {
    const ca = await startTestCa();
    // The TSA's certificate from the same CA, its tokens carrying the chain: the seal's and the TSA's data.
    const caTsa = await startTestTsa({ certificate: await ca.issueTimeStamping() });
    try {
      const sealed = await sealWith({
        p12: ca.p12,
        passphrase: ca.passphrase,
        tsa: { url: caTsa.url, timeoutMs: 60_000 },
      });
      const report = verifyPdf(Buffer.from(sealed.bytes), { requireTimestamp: true });
      expect(failed(report)).toEqual([]);
      expect(report.chain.map((c) => c.subject)).toEqual([
        'CN=Operator Seal, O=Countersign Tests',
        'CN=Countersign Test Intermediate CA, O=Countersign Tests',
        'CN=Countersign Test Root CA, O=Countersign Tests',
      ]);
      const good = (about: string) => ({
        producedAt: expect.stringMatching(/^20\d\d-/),
        about,
        status: 'good',
        signedBy: 'CN=Countersign Test Intermediate CA, O=Countersign Tests',
      });
      expect(report.revocation).toEqual({
        ocsp: [
          good('CN=Operator Seal, O=Countersign Tests'),
          good('CN=Countersign Test TSA, O=Countersign Tests'),
        ],
        crls: expect.arrayContaining([
          expect.objectContaining({
            issuer: 'CN=Countersign Test Intermediate CA, O=Countersign Tests',
            revokes: [],
          }),
          expect.objectContaining({
            issuer: 'CN=Countersign Test Root CA, O=Countersign Tests',
            revokes: [],
          }),
        ]),
      });
      const check = report.checks.find((c) => c.name === 'revocation')!;
      expect(check.ok).toBe(true);
      expect(check.detail).toMatch(/OCSP: CN=Operator Seal, O=Countersign Tests good/);
      expect(check.detail).toMatch(/OCSP: CN=Countersign Test TSA, O=Countersign Tests good/);
      expect(ca.answered).toMatchObject({ '/ocsp': 1, '/tsa-ocsp': 1, '/tsa.crl': 1 });
      expect(formatReport('sealed.pdf', report)).toMatch(/OCSP response: CN=Operator Seal.* good/);
      // A self-signed seal has none: the check does not apply.
      expect(
        verifyPdf(Buffer.from(stamped.bytes)).checks.find((c) => c.name === 'revocation')!.ok,
      ).toBeNull();
    } finally {
      await Promise.all([caTsa.close(), ca.close()]);
    }
  }, 60_000);

  it('--require-timestamp fails a seal without one; a clean B-B seal still verifies without the flag', () => {
    const report = verifyPdf(Buffer.from(clean.bytes), { requireTimestamp: true });
    expect(failed(report)).toEqual(['timestamp']);
    expect(report.timestamp).toBeNull();
    expect(report.documentTimestamp).toBeNull();
  });

  it('tampering with a time-stamped seal: a flipped byte breaks the seal and the document time-stamp; an update after the time-stamp is named', () => {
    const flipped = Buffer.from(stamped.bytes);
    const at = Math.floor(stamped.contentLength / 2);
    flipped[at] = flipped[at]! ^ 0x01;
    expect(failed(verifyPdf(flipped))).toEqual(['seal-digest', 'document-timestamp']);

    const update = Buffer.from('\n99 0 obj\n<< /Type /Page >>\nendobj\nstartxref\n0\n%%EOF\n', 'latin1');
    const appended = verifyPdf(Buffer.concat([Buffer.from(stamped.bytes), update]));
    // The time-stamp still holds for the bytes it covers; what follows it is what is reported.
    expect(failed(appended)).toEqual(['nothing-appended']);
    expect(appended.checks.find((c) => c.name === 'nothing-appended')!.detail).toMatch(
      /bytes were appended after the document time-stamp/,
    );
  });

  it('an object slipped into the validation update before the document time-stamp is named', () => {
    // The same bytes with the DSS's type renamed: still covered by the (now broken) time-stamp, and named.
    const text = Buffer.from(stamped.bytes).toString('latin1');
    const at = text.indexOf('/Type /DSS');
    expect(at).toBeGreaterThan(stamped.contentLength);
    const edited = Buffer.from(stamped.bytes);
    edited.write('/Type /Pag', at, 'latin1');
    const report = verifyPdf(edited);
    expect(failed(report)).toEqual(['nothing-appended', 'document-timestamp']);
    expect(report.checks.find((c) => c.name === 'nothing-appended')!.detail).toMatch(
      /object \d+ \(a \/Pag\)/,
    );
  });

  it('the verify command on a time-stamped seal prints both time-stamps; --json carries them', () => {
    const file = join(dir, 'stamped.pdf');
    writeFileSync(file, stamped.bytes);
    const text = verifyCommand([file, '--require-timestamp']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(
      /OK\s+timestamp: the seal's signature was time-stamped at \S+ by CN=Countersign Test TSA/,
    );
    expect(text.stdout).toMatch(/OK\s+document-timestamp: /);
    expect(text.stdout).toMatch(/signature timestamp: \S+ by CN=Countersign Test TSA, O=Countersign Tests/);
    const json = JSON.parse(verifyCommand([file, '--json']).stdout) as {
      timestamp: { time: string; tsa: string };
      documentTimestamp: { time: string; tsa: string };
    };
    expect(json.timestamp.tsa).toBe('CN=Countersign Test TSA, O=Countersign Tests');
    expect(json.documentTimestamp.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    const plain = join(dir, 'plain.pdf');
    writeFileSync(plain, clean.bytes);
    expect(verifyCommand([plain, '--require-timestamp']).status).toBe(1); // B-B: no timestamp
  });
});
