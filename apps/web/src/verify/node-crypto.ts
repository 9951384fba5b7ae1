/**
 * The part of node:crypto that @countersign/verify uses, for the browser (the /verify page's bundle maps
 * `node:crypto` here): SHA-256, RSA PKCS#1 v1.5 signature checks and X.509 certificates, on node-forge.
 * Synchronous like Node's, so the verifier runs unchanged. Seals are RSA (pdf-engine seal/certificate.ts);
 * any other key type reads as "does not verify".
 */
import { Buffer } from 'buffer';
import forge from 'node-forge';

type Bytes = Uint8Array | string;

const binary = (data: Bytes, encoding?: string): string =>
  typeof data === 'string'
    ? encoding === 'utf8' || encoding === undefined
      ? forge.util.encodeUtf8(data)
      : data
    : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');

const DIGESTS: Record<string, () => forge.md.MessageDigest> = {
  sha1: () => forge.md.sha1.create(),
  sha256: () => forge.md.sha256.create(),
  sha384: () => forge.md.sha384.create(),
  sha512: () => forge.md.sha512.create(),
};

function digestOf(algorithm: string): forge.md.MessageDigest {
  const make = DIGESTS[algorithm.toLowerCase().replace('-', '')];
  if (!make) throw new Error(`unsupported digest ${algorithm}`);
  return make();
}

export function createHash(algorithm: string) {
  const md = digestOf(algorithm);
  const hash = {
    update(data: Bytes, encoding?: string) {
      md.update(binary(data, encoding));
      return hash;
    },
    digest(encoding?: 'hex') {
      const bytes = Buffer.from(md.digest().getBytes(), 'latin1');
      return encoding === 'hex' ? bytes.toString('hex') : bytes;
    },
  };
  return hash;
}

interface PublicKey {
  forge: forge.pki.PublicKey;
}

/** RSASSA-PKCS1-v1_5 of `data` hashed with `algorithm`. */
export function verify(algorithm: string, data: Uint8Array, key: PublicKey, signature: Uint8Array): boolean {
  const rsa = key.forge as forge.pki.rsa.PublicKey;
  if (typeof rsa.verify !== 'function') return false;
  const md = digestOf(algorithm);
  md.update(binary(data));
  return rsa.verify(md.digest().getBytes(), binary(signature));
}

/** A distinguished name the way Node prints it: one `KEY=value` per line, in certificate order. */
const nameText = (name: forge.pki.Certificate['subject']) =>
  name.attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join('\n');

export class X509Certificate {
  private readonly cert: forge.pki.Certificate;
  readonly subject: string;
  readonly issuer: string;
  readonly serialNumber: string;
  readonly validTo: string;
  readonly publicKey: PublicKey;
  /** Extended key usage OIDs (Node's name for them), e.g. timeStamping for a TSA certificate. */
  readonly keyUsage: string[] | undefined;

  constructor(der: Uint8Array) {
    this.cert = forge.pki.certificateFromAsn1(forge.asn1.fromDer(binary(der)), true);
    this.subject = nameText(this.cert.subject);
    this.issuer = nameText(this.cert.issuer);
    this.serialNumber = this.cert.serialNumber.toUpperCase();
    this.validTo = this.cert.validity.notAfter.toUTCString();
    this.publicKey = { forge: this.cert.publicKey };
    const eku = this.cert.getExtension('extKeyUsage') as Record<string, unknown> | null;
    this.keyUsage = eku
      ? Object.keys(eku)
          .filter((name) => eku[name] === true && forge.pki.oids[name])
          .map((name) => forge.pki.oids[name] as string)
      : undefined;
  }

  /** Whether this certificate's signature verifies with `key`. */
  verify(key: PublicKey): boolean {
    const rsa = key.forge as forge.pki.rsa.PublicKey;
    const md = (this.cert as unknown as { md?: forge.md.MessageDigest }).md;
    if (!md || typeof rsa.verify !== 'function') return false;
    try {
      return rsa.verify(md.digest().getBytes(), this.cert.signature as string);
    } catch {
      return false;
    }
  }

  /** Whether `issuer` names this certificate's issuer and may sign certificates. */
  checkIssued(issuer: X509Certificate): boolean {
    if (issuer.subject !== this.issuer) return false;
    const usage = issuer.cert.getExtension('keyUsage') as { keyCertSign?: boolean } | null;
    return !usage || usage.keyCertSign === true;
  }
}
