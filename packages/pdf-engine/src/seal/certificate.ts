import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { PdfEngineError } from '../errors.ts';

export interface SealCertificateRequest {
  commonName: string;
  organization: string;
  validYears?: number;
  /** RSA modulus size; 3072 by default (NIST's choice beyond 2030), 2048 for speed where that does not matter. */
  keyBits?: 2048 | 3072;
}

// Extended key usages for document signing: RFC 9336's id-kp-documentSigning, Microsoft's and
// Adobe's document-signing OIDs (Acrobat accepts those), and emailProtection, which NSS (and so
// poppler's pdfsig) requires when it validates a signer certificate against a trusted root.
const DOCUMENT_SIGNING_USAGES = [
  '1.3.6.1.5.5.7.3.36',
  '1.3.6.1.4.1.311.10.3.12',
  '1.2.840.113583.1.1.5',
  '1.3.6.1.5.5.7.3.4',
];

/**
 * A self-signed RSA (3072-bit by default) seal certificate in a PKCS#12 protected by a random passphrase, for a
 * service that has none configured. Keep both: the p12 is useless without the passphrase.
 */
export function generateSealCertificate({
  commonName,
  organization,
  validYears = 10,
  keyBits = 3072,
}: SealCertificateRequest): {
  p12: Uint8Array;
  passphrase: string;
} {
  if (!commonName.trim() || !organization.trim()) {
    throw new PdfEngineError(
      'invalid-argument',
      'seal certificate: commonName and organization are required',
    );
  }
  if (!Number.isInteger(validYears) || validYears < 1 || validYears > 100) {
    throw new PdfEngineError(
      'invalid-argument',
      'seal certificate: validYears must be an integer from 1 to 100',
    );
  }
  if (keyBits !== 2048 && keyBits !== 3072) {
    throw new PdfEngineError('invalid-argument', 'seal certificate: keyBits must be 2048 or 3072');
  }
  // Node generates the key natively; forge then builds the certificate and the PKCS#12.
  const { privateKey: privatePem, publicKey: publicPem } = generateKeyPairSync('rsa', {
    modulusLength: keyBits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  // A positive 128-bit serial (top bit clear so DER needs no sign byte).
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  cert.serialNumber = serial.toString('hex');
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 5 * 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + validYears);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: organization },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  const asn1 = forge.asn1;
  const extendedKeyUsage = asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.SEQUENCE,
    true,
    DOCUMENT_SIGNING_USAGES.map((oid) =>
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    ),
  );
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { id: '2.5.29.37', name: 'extKeyUsage', critical: false, value: extendedKeyUsage },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(32).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: commonName,
    generateLocalKeyId: true,
  });
  return { p12: Buffer.from(asn1.toDer(p12).getBytes(), 'binary'), passphrase };
}
