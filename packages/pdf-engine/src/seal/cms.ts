import { createHash, sign } from 'node:crypto';
import { explicit, nullValue, octetString, oid, retag, sequence, setOf, smallInteger, tlv } from './der.ts';
import type { SealIdentity } from './identity.ts';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/** Time-stamps a signature value: returns the RFC 3161 token over its SHA-256 (see timestamp/tsa-client.ts). */
export type StampSignature = (signatureValue: Buffer) => Promise<Buffer>;

const attribute = (type: string, value: Buffer) => sequence(oid(type), setOf(value));

/**
 * A detached CMS SignedData over `content` for PAdES baseline B-B (ETSI EN 319 142-1):
 * SHA-256, signed attributes content-type, message-digest and ESS signing-certificate-v2,
 * and no signing-time attribute (PAdES keeps the claimed time in the dictionary's /M). With `stamp`, the
 * SignerInfo also carries a signature time-stamp token as an unsigned attribute: baseline B-T.
 */
export async function cadesDetachedSignature(
  content: Uint8Array,
  identity: SealIdentity,
  stamp?: StampSignature,
): Promise<Buffer> {
  const sha256 = sequence(oid(OID.sha256));
  const digest = createHash('sha256').update(content).digest();
  const certHash = createHash('sha256').update(identity.certificate).digest();
  // ESSCertIDv2 with the default hash algorithm (SHA-256, so omitted) and IssuerSerial,
  // whose GeneralNames hold the issuer as a directoryName ([4] EXPLICIT Name).
  const essCertIdV2 = sequence(
    octetString(certHash),
    sequence(sequence(tlv(0xa4, identity.issuer)), identity.serialNumber),
  );
  const signedAttributes = setOf(
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(digest)),
    attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
  );
  // The signature covers the attributes encoded as a SET OF; they are stored as [0] IMPLICIT.
  const signature = sign('sha256', signedAttributes, identity.privateKey);
  // RFC 3161 appendix A: the token time-stamps the signature value, in the unsigned attributes ([1] IMPLICIT).
  const unsignedAttributes = stamp
    ? [retag(setOf(attribute(OID.signatureTimeStampToken, await stamp(signature))), 0xa1)]
    : [];
  const signerInfo = sequence(
    smallInteger(1),
    sequence(identity.issuer, identity.serialNumber),
    sha256,
    retag(signedAttributes, 0xa0),
    sequence(oid(OID.rsaEncryption), nullValue()),
    octetString(signature),
    ...unsignedAttributes,
  );
  const signedData = sequence(
    smallInteger(1),
    setOf(sha256),
    sequence(oid(OID.data)),
    tlv(0xa0, identity.certificate, ...identity.chain),
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), explicit(0, signedData));
}

/**
 * Room for a time-stamp token: a TSA's signature, its certificate and often its chain (a few KB from the
 * TSAs in use; more fails the seal with a clear message rather than writing a broken file).
 */
export const TIMESTAMP_TOKEN_ROOM = 12 * 1024;

/** Bytes reserved for the CMS: certificates, signature and structure (and a token), with room to spare. */
export function signatureCapacity(identity: SealIdentity, timestamped = false): number {
  const certificates = identity.certificate.length + identity.chain.reduce((sum, der) => sum + der.length, 0);
  const estimate =
    certificates * 2 + identity.signatureBytes + 2048 + (timestamped ? TIMESTAMP_TOKEN_ROOM : 0);
  return Math.ceil(estimate / 1024) * 1024;
}
