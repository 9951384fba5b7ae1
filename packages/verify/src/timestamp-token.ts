import { createHash, verify, X509Certificate } from 'node:crypto';
import { children, content, type DerNode, oidText, readDer, whole } from './der.ts';

/** What an RFC 3161 time-stamp token says, and whether it holds (see checkTimestampToken). */
export interface TimestampToken {
  /** genTime, ISO 8601 UTC. */
  time: string;
  /** The TSA certificate's subject ("CN=..., O=..."). */
  tsa: string;
  /** The token's signature verifies with that certificate, over a TSTInfo whose digest it signed. */
  signatureOk: boolean;
  /** The certificate is meant for time-stamping (extendedKeyUsage id-kp-timeStamping). */
  timeStampingCertificate: boolean;
  /** The token's message imprint is the digest of what it is said to time-stamp. */
  imprintMatches: boolean;
}

const OID = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  messageDigest: '1.2.840.113549.1.9.4',
  timeStamping: '1.3.6.1.5.5.7.3.8',
};

const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** GeneralizedTime (YYYYMMDDHHMMSS[.fff]Z) as ISO 8601. */
function generalizedTime(node: DerNode): string {
  const t = content(node).toString('latin1');
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(t);
  if (!m) throw new Error(`unreadable genTime ${t}`);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`;
}

/**
 * Reads a TimeStampToken (a CMS SignedData over a TSTInfo) and checks it: its signature with the certificate
 * it carries, that certificate's time-stamping usage, and that its imprint is the hash of `stamped` (the seal's
 * signature value for a signature time-stamp, the byte ranges for a document time-stamp). Throws when the
 * bytes are not a token at all.
 */
export function checkTimestampToken(token: Buffer, stamped: Buffer[]): TimestampToken {
  const signedData = children(children(children(readDer(token, 0))[1]!)[0]!);
  const encap = children(signedData[2]!);
  if (oidText(encap[0]!) !== OID.tstInfo) throw new Error('not a time-stamp token (no TSTInfo)');
  const tstInfoDer = content(children(encap[1]!)[0]!);
  const tstInfo = children(readDer(tstInfoDer, 0));
  const imprint = children(tstInfo[2]!);
  const imprintHash = HASHES[oidText(children(imprint[0]!)[0]!)];
  const digest = imprintHash
    ? stamped.reduce((h, part) => h.update(part), createHash(imprintHash)).digest()
    : null;
  const imprintMatches = digest?.equals(content(imprint[1]!)) === true;

  const certsNode = signedData.find((n) => n.tag === 0xa0);
  const certificates = certsNode ? children(certsNode).map((n) => new X509Certificate(whole(n))) : [];
  const signerInfo = children(children(signedData.at(-1)!)[0]!);
  const sid = signerInfo[1]!;
  const serial =
    sid.tag === 0x30 ? content(children(sid)[1]!).toString('hex').replace(/^0+/, '').toUpperCase() : '';
  const signer = certificates.find((c) => c.serialNumber.replace(/^0+/, '').toUpperCase() === serial);
  const signedAttrs = signerInfo.find((n) => n.tag === 0xa0);
  const hash = HASHES[oidText(children(signerInfo[2]!)[0]!)];
  let signatureOk = false;
  if (signer && signedAttrs && hash) {
    const claimed = children(signedAttrs)
      .map((attr) => children(attr))
      .find((attr) => oidText(attr[0]!) === OID.messageDigest)?.[1];
    const digestOk =
      claimed !== undefined &&
      content(children(claimed)[0]!).equals(createHash(hash).update(tstInfoDer).digest());
    const asSet = Buffer.from(whole(signedAttrs));
    asSet[0] = 0x31; // signed as a SET OF, stored as [0] IMPLICIT
    const signature = signerInfo.find((n, i) => i > 3 && n.tag === 0x04);
    try {
      signatureOk =
        digestOk && signature !== undefined && verify(hash, asSet, signer.publicKey, content(signature));
    } catch {
      signatureOk = false;
    }
  }
  return {
    time: generalizedTime(tstInfo[4]!),
    tsa: signer?.subject.replaceAll('\n', ', ') ?? 'unknown (no TSA certificate in the token)',
    signatureOk,
    timeStampingCertificate: signer?.keyUsage?.includes(OID.timeStamping) === true,
    imprintMatches,
  };
}

/** One line on what is wrong with a token, or null when it holds. */
export function tokenProblem(token: TimestampToken, what: string): string | null {
  if (!token.signatureOk)
    return `the ${what}'s signature does not verify with the TSA certificate it carries`;
  if (!token.timeStampingCertificate)
    return `the ${what} is signed by a certificate not meant for time-stamping`;
  if (!token.imprintMatches) return `the ${what} time-stamps other bytes than the ones it is attached to`;
  return null;
}
