/**
 * The part of node:crypto that @countersign/verify uses, for the browser (the /verify page's bundle maps
 * `node:crypto` here): SHA-1/SHA-2 on node-forge, signature checks with RSA PKCS#1 v1.5 (node-forge) and ECDSA
 * on P-256 and P-384 (@noble/curves), and X.509 certificates read from their DER. Synchronous like Node's, so
 * the verifier runs unchanged. Any other key type reads as "does not verify".
 */
import { SIGNATURE_HASHES } from '@countersign/verify/signature-hashes';
import { p256, p384 } from '@noble/curves/nist.js';
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

/** A certificate's key: RSA (modulus and exponent, for forge) or EC (the curve's OID and its point). */
type PublicKey =
  | { kind: 'rsa'; rsa: forge.pki.rsa.PublicKey }
  | { kind: 'ec'; curve: string; point: Uint8Array }
  | { kind: 'other' };

/** Named curves of ECDSA keys this page verifies (Node verifies any; seals and CAs use these). */
const CURVES: Record<string, typeof p256> = {
  '1.2.840.10045.3.1.7': p256,
  '1.3.132.0.34': p384,
};

/** RSASSA-PKCS1-v1_5 or ECDSA (P-256, P-384; DER signature) of `data` hashed with `algorithm`. */
export function verify(algorithm: string, data: Uint8Array, key: PublicKey, signature: Uint8Array): boolean {
  const md = digestOf(algorithm);
  md.update(binary(data));
  const digest = md.digest().getBytes();
  try {
    if (key.kind === 'rsa') return key.rsa.verify(digest, binary(signature));
    if (key.kind === 'ec') {
      const curve = CURVES[key.curve];
      return (
        curve?.verify(Uint8Array.from(signature), Buffer.from(digest, 'latin1'), key.point, {
          prehash: false,
          format: 'der',
          // OpenSSL (so Node, and every CA) accepts either S; noble would ask for the low one.
          lowS: false,
        }) ?? false
      );
    }
  } catch {
    // A malformed key or signature does not verify.
  }
  return false;
}

type Node = forge.asn1.Asn1;
const kids = (node: Node | undefined): Node[] => (Array.isArray(node?.value) ? (node.value as Node[]) : []);
const raw = (node: Node | undefined): string => (typeof node?.value === 'string' ? node.value : '');
const oidOf = (node: Node | undefined) => forge.asn1.derToOid(raw(node));
const isContext = (node: Node | undefined, n: number) =>
  node?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === n;

/** Short names of name attributes, as Node prints a distinguished name. */
const NAME_KEYS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.5': 'serialNumber',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

/** A distinguished name the way Node prints it: one `KEY=value` per line, in certificate order. */
function nameText(name: Node): string {
  return kids(name)
    .flatMap(kids)
    .map((attribute) => {
      const [type, value] = kids(attribute);
      const oid = oidOf(type);
      // UTF8String is UTF-8; the other string types are single-byte here.
      const text = value?.type === forge.asn1.Type.UTF8 ? forge.util.decodeUtf8(raw(value)) : raw(value);
      return `${NAME_KEYS[oid] ?? oid}=${text}`;
    })
    .join('\n');
}

function publicKeyOf(spki: Node): PublicKey {
  const [algorithm, bits] = kids(spki);
  const [keyType, parameters] = kids(algorithm);
  const point = Buffer.from(raw(bits).slice(1), 'latin1'); // BIT STRING: drop the unused-bits byte
  switch (oidOf(keyType)) {
    case '1.2.840.113549.1.1.1':
      // forge reads the RSA key from a tree parsed its usual way (bit strings decoded).
      return {
        kind: 'rsa',
        rsa: forge.pki.publicKeyFromAsn1(
          forge.asn1.fromDer(forge.asn1.toDer(spki).getBytes()),
        ) as forge.pki.rsa.PublicKey,
      };
    case '1.2.840.10045.2.1':
      return { kind: 'ec', curve: oidOf(parameters), point };
    default:
      return { kind: 'other' };
  }
}

/** Bytes of the tag and length of the DER element at `at` (lengths up to 4 bytes). */
function headerLength(bytes: string, at: number): number {
  const length = bytes.charCodeAt(at + 1);
  return length & 0x80 ? 2 + (length & 0x7f) : 2;
}

/** The first DER element of `bytes`, byte for byte (what a certificate's signature covers is its TBS as sent). */
function firstElement(bytes: string): string {
  const header = headerLength(bytes, 0);
  let length = bytes.charCodeAt(1);
  if (length & 0x80) {
    length = 0;
    for (let i = 2; i < header; i++) length = length * 256 + bytes.charCodeAt(i);
  }
  return bytes.slice(0, header + length);
}

/**
 * The X509Certificate members the verifier reads, from the DER (forge's certificate reader knows RSA keys
 * only; this one reads any, and verifies RSA and ECDSA P-256/P-384).
 */
export class X509Certificate {
  readonly subject: string;
  readonly issuer: string;
  readonly serialNumber: string;
  readonly validTo: string;
  readonly publicKey: PublicKey;
  /** Extended key usage OIDs (Node's name for them), e.g. timeStamping for a TSA certificate. */
  readonly keyUsage: string[] | undefined;
  private readonly tbs: string;
  private readonly signatureHash: string | undefined;
  private readonly signature: Uint8Array;
  /** keyUsage's keyCertSign bit; undefined without a keyUsage extension. */
  private readonly keyCertSign: boolean | undefined;

  constructor(der: Uint8Array) {
    // Bit strings stay raw (forge would read a key's or a signature's bits as nested DER).
    const options = { decodeBitStrings: false } as unknown as boolean;
    const certificate = forge.asn1.fromDer(binary(der), options);
    const [tbs, algorithm, signature] = kids(certificate);
    const fields = kids(tbs);
    const first = isContext(fields[0], 0) ? 1 : 0;
    const [serial, , issuer, validity, subject, spki] = fields.slice(first);
    this.tbs = firstElement(binary(der).slice(headerLength(binary(der), 0)));
    this.signatureHash = SIGNATURE_HASHES[oidOf(kids(algorithm)[0])];
    this.signature = Buffer.from(raw(signature).slice(1), 'latin1');
    this.serialNumber = forge.util.bytesToHex(raw(serial)).toUpperCase();
    this.subject = nameText(subject!);
    this.issuer = nameText(issuer!);
    const notAfter = kids(validity)[1];
    this.validTo = (
      notAfter?.type === forge.asn1.Type.UTCTIME
        ? forge.asn1.utcTimeToDate(raw(notAfter))
        : forge.asn1.generalizedTimeToDate(raw(notAfter))
    ).toUTCString();
    this.publicKey = publicKeyOf(spki!);
    const extensions = kids(kids(fields.find((n) => isContext(n, 3)))[0]).map(kids);
    const extension = (oid: string) => {
      const found = extensions.find((e) => oidOf(e[0]) === oid);
      return found ? forge.asn1.fromDer(raw(found.at(-1)), options) : undefined;
    };
    const eku = extension('2.5.29.37');
    this.keyUsage = eku ? kids(eku).map(oidOf) : undefined;
    const usage = extension('2.5.29.15');
    // keyUsage BIT STRING: first byte unused bits, keyCertSign is bit 5 of the first byte (0x04).
    this.keyCertSign = usage ? ((raw(usage).charCodeAt(1) || 0) & 0x04) !== 0 : undefined;
  }

  /** Whether this certificate's signature verifies with `key`. */
  verify(key: PublicKey): boolean {
    if (!this.signatureHash) return false;
    return verify(this.signatureHash, Buffer.from(this.tbs, 'latin1'), key, this.signature);
  }

  /** Whether `issuer` names this certificate's issuer and may sign certificates. */
  checkIssued(issuer: X509Certificate): boolean {
    return issuer.subject === this.issuer && issuer.keyCertSign !== false;
  }
}
