import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSealCertificate, PdfEngineError, type SealOptions, seal } from '../src/index.ts';
import { pdfsig, qpdfCheck, testSealIdentity } from './seal-fixtures.ts';

let dir: string;
let options: SealOptions;

async function simplePdf(useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++)
    doc.addPage([612, 792]).drawText(`Page ${i}`, { x: 72, y: 700, size: 20, font });
  return doc.save({ useObjectStreams });
}

/** The CMS of the n-th signature: the hex string after the n-th /Contents of a signature dictionary. */
function signatureCms(bytes: Uint8Array, n = 0): Buffer {
  const text = Buffer.from(bytes).toString('latin1');
  const matches = [...text.matchAll(/\/ByteRange \[[^\]]*\]\s*\/Contents <([0-9a-fA-F]+)>/g)];
  const hex = matches[n]![1]!;
  const der = Buffer.from(hex, 'hex');
  // The placeholder is zero-padded: keep the DER element only (a SEQUENCE with a long-form length).
  const lengthBytes = der[1]! & 0x7f;
  const length = der.readUIntBE(2, lengthBytes);
  return der.subarray(0, 2 + lengthBytes + length);
}

const oidBytes = (oid: string) => Buffer.from(forge.asn1.oidToDer(oid).getBytes(), 'binary');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'seal-'));
  options = {
    ...testSealIdentity('Countersign Seal Test', 'Countersign Tests'),
    reason: 'Sealed after completion',
    name: 'Countersign',
    location: 'Test bench',
    contactInfo: 'ops@example.com',
    signingTime: new Date('2025-06-01T12:00:00Z'),
  };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generateSealCertificate', () => {
  it('makes a self-signed document-signing certificate in a passphrase-protected PKCS#12', () => {
    const p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(options.p12).toString('binary'))),
      options.passphrase,
    );
    const certBag = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]![0]!;
    const cert = certBag.cert!;
    const x509 = new X509Certificate(
      Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
    );
    expect(x509.subject).toContain('CN=Countersign Seal Test');
    expect(x509.subject).toContain('O=Countersign Tests');
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(x509.keyUsage).toEqual(expect.arrayContaining(['1.3.6.1.5.5.7.3.36', '1.3.6.1.5.5.7.3.4']));
    const keyUsage = cert.getExtension('keyUsage') as { digitalSignature: boolean; nonRepudiation: boolean };
    expect(keyUsage.digitalSignature).toBe(true);
    expect(keyUsage.nonRepudiation).toBe(true);
    const years = (Date.parse(x509.validTo) - Date.parse(x509.validFrom)) / (365.25 * 86_400_000);
    expect(Math.round(years)).toBe(10);
    expect(() =>
      forge.pkcs12.pkcs12FromAsn1(
        forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(options.p12).toString('binary'))),
        'wrong',
      ),
    ).toThrow();
  });

  it('rejects empty names and odd validity', () => {
    expect(() => generateSealCertificate({ commonName: ' ', organization: 'x' })).toThrow(PdfEngineError);
    expect(() => generateSealCertificate({ commonName: 'x', organization: 'x', validYears: 0 })).toThrow(
      PdfEngineError,
    );
  });
});

describe('seal', () => {
  it('seals as an incremental update that pdfsig verifies, with a PAdES B-B signature dictionary', async () => {
    for (const useObjectStreams of [true, false]) {
      const original = await simplePdf(useObjectStreams);
      const sealed = await seal(original, options);
      // The original bytes are untouched: the seal is appended.
      expect(Buffer.from(sealed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
      const report = pdfsig(dir, sealed);
      expect(report).toContain('Signature is Valid.');
      expect(report).toContain('ETSI.CAdES.detached');
      expect(report).toContain('SHA-256');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Countersign Seal Test');
      expect(qpdfCheck(dir, sealed)).toBe(0);

      const doc = await PDFDocument.load(sealed);
      const fields = doc.catalog
        .lookup(PDFName.of('AcroForm'), PDFDict)
        .lookup(PDFName.of('Fields'), PDFArray);
      const sig = fields.lookup(0, PDFDict).lookup(PDFName.of('V'), PDFDict);
      expect(sig.get(PDFName.of('SubFilter'))).toBe(PDFName.of('ETSI.CAdES.detached'));
      expect(sig.get(PDFName.of('M'))?.toString()).toBe('(D:20250601120000Z)');
      expect(sig.lookup(PDFName.of('Reason'), PDFHexString).decodeText()).toBe('Sealed after completion');
    }
  });

  it('signs with SHA-256, an ESS signing-certificate-v2 attribute and no CMS signing time', async () => {
    const cms = signatureCms(await seal(await simplePdf(true), options));
    expect(cms.includes(oidBytes('1.2.840.113549.1.9.16.2.47'))).toBe(true); // signing-certificate-v2
    expect(cms.includes(oidBytes('2.16.840.1.101.3.4.2.1'))).toBe(true); // SHA-256
    expect(cms.includes(oidBytes('1.2.840.113549.1.9.4'))).toBe(true); // message digest
    expect(cms.includes(oidBytes('1.2.840.113549.1.9.5'))).toBe(false); // signing time: /M holds it
  });

  it('a one-byte change inside the signed range invalidates the seal', async () => {
    const sealed = await seal(await simplePdf(true), options);
    const tampered = sealed.slice();
    tampered[10] = tampered[10]! ^ 0x01; // the binary comment after the header: still a parsable PDF
    const report = pdfsig(dir, tampered);
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Signature is Invalid|Digest Mismatch/);
  });

  it('keeps an earlier signature valid and the original form fields in place', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const form = doc.getForm();
    form.createTextField('customer').addToPage(doc.getPage(0), { x: 72, y: 600, width: 200, height: 20 });
    const withForm = await doc.save();
    const once = await seal(withForm, options);
    const twice = await seal(once, { ...options, reason: 'Second seal' });
    const report = pdfsig(dir, twice);
    expect(report.match(/Signature is Valid\./g)).toHaveLength(2);
    expect(report).toContain('Signature #2');
    const reloaded = await PDFDocument.load(twice);
    const fields = reloaded.catalog
      .lookup(PDFName.of('AcroForm'), PDFDict)
      .lookup(PDFName.of('Fields'), PDFArray);
    const names = fields
      .asArray()
      .map((_, i) => fields.lookup(i, PDFDict).lookup(PDFName.of('T'), PDFString, PDFHexString).decodeText());
    expect(names).toEqual(['customer', 'Countersign seal 2', 'Countersign seal 3']);
  });

  it('rewrites a file whose startxref points nowhere once, then seals it', async () => {
    const text = Buffer.from(await simplePdf(false)).toString('latin1');
    const broken = Buffer.from(text.replace(/startxref\n\d+/, 'startxref\n12'), 'latin1');
    const sealed = await seal(broken, options);
    expect(pdfsig(dir, sealed)).toContain('Signature is Valid.');
    expect(qpdfCheck(dir, sealed)).toBe(0);
  });

  it('refuses a PKCS#12 it cannot open', async () => {
    const pdf = await simplePdf(true);
    await expect(seal(pdf, { ...options, passphrase: 'wrong' })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    await expect(seal(pdf, { ...options, p12: new Uint8Array([1, 2, 3]) })).rejects.toBeInstanceOf(
      PdfEngineError,
    );
  });
});
