import { createHash, createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { PdfEngineError } from '../errors.ts';

/** A signing key with its certificate, ready for CMS. */
export interface SealIdentity {
  privateKey: KeyObject;
  /** DER of the certificate that matches the key. */
  certificate: Buffer;
  /** DER of the other certificates in the PKCS#12 (the chain, if any). */
  chain: Buffer[];
  /** DER of the certificate's issuer Name and serialNumber INTEGER, as they appear in it. */
  issuer: Buffer;
  serialNumber: Buffer;
  /** Modulus size in bytes: the size of an RSA signature. */
  signatureBytes: number;
}

// Decrypting a PKCS#12 in JavaScript costs tens of milliseconds; the service seals every
// document with the same one, so keep a few parsed identities (keyed by hashes, not secrets).
const CACHE_SIZE = 4;
const cache = new Map<string, SealIdentity>();

export function loadSealIdentity(p12: Uint8Array, passphrase: string): SealIdentity {
  const key = createHash('sha256').update(p12).update('\0').update(passphrase, 'utf8').digest('hex');
  const cached = cache.get(key);
  if (cached) return cached;
  const identity = parseP12(p12, passphrase);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, identity);
  return identity;
}

function parseP12(p12: Uint8Array, passphrase: string): SealIdentity {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
    parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    throw new PdfEngineError(
      'invalid-argument',
      'seal certificate: not a readable PKCS#12 or wrong passphrase',
      {
        cause: error,
      },
    );
  }
  const oids = forge.pki.oids;
  const keyBags = [
    ...(parsed.getBags({ bagType: oids.pkcs8ShroudedKeyBag! })[oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(parsed.getBags({ bagType: oids.keyBag! })[oids.keyBag!] ?? []),
  ];
  const forgeKey = keyBags.find((bag) => bag.key)?.key;
  if (!forgeKey) {
    throw new PdfEngineError('invalid-argument', 'seal certificate: the PKCS#12 holds no RSA private key');
  }
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(forgeKey));
  const certificates = (parsed.getBags({ bagType: oids.certBag! })[oids.certBag!] ?? []).flatMap((bag) => {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    return asn1 ? [Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')] : [];
  });
  const certificate = certificates.find((der) => new X509Certificate(der).checkPrivateKey(privateKey));
  if (!certificate) {
    throw new PdfEngineError(
      'invalid-argument',
      'seal certificate: no certificate in the PKCS#12 matches its key',
    );
  }
  const { issuer, serialNumber } = issuerAndSerial(certificate);
  const modulusBits = privateKey.asymmetricKeyDetails?.modulusLength ?? 4096;
  return {
    privateKey,
    certificate,
    chain: certificates.filter((der) => der !== certificate),
    issuer,
    serialNumber,
    signatureBytes: Math.ceil(modulusBits / 8),
  };
}

/** The issuer Name and serialNumber of a certificate, byte for byte. */
function issuerAndSerial(certificate: Buffer): { issuer: Buffer; serialNumber: Buffer } {
  const cert = forge.asn1.fromDer(forge.util.createBuffer(certificate.toString('binary')));
  const tbs = (cert.value as forge.asn1.Asn1[])[0]!;
  const fields = tbs.value as forge.asn1.Asn1[];
  // TBSCertificate starts with an optional [0] version.
  const first = fields[0]!.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const der = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');
  return { serialNumber: der(fields[first]!), issuer: der(fields[first + 2]!) };
}
