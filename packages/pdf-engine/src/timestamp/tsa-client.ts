import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { PdfEngineError } from '../errors.ts';
import { nullValue, octetString, oid, sequence, smallInteger, tlv } from '../seal/der.ts';
import { bytes, der, kids, type Asn1Node as Node, oidOf } from './asn1-read.ts';
import type { TsaOptions } from './types.ts';

/**
 * An RFC 3161 time-stamp client: asks the configured TSA to time-stamp a SHA-256 digest and checks its
 * answer before anything is built on it (granted, our digest and nonce, a signature that verifies with a
 * certificate carrying id-kp-timeStamping). Every failure is a PdfEngineError('timestamp-failed') whose
 * message names the TSA, so a completion that gives up says which service let it down.
 */
export interface Timestamp {
  /** The TimeStampToken (a CMS ContentInfo), as it goes into a signature or a document timestamp. */
  token: Buffer;
  genTime: Date;
  /** DER of the certificates the token carries (the TSA's, and its chain when the TSA sends it). */
  certificates: Buffer[];
}

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  messageDigest: '1.2.840.113549.1.9.4',
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const;

const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** The TSA as it may be named in messages: its URL without credentials or query. */
export const tsaName = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'the timestamp authority';
  }
};

/** A positive INTEGER from random bytes (top bit clear, so no sign byte). */
function nonce(): Buffer {
  const bytes = randomBytes(8);
  bytes[0]! &= 0x7f;
  bytes[0]! |= 0x01;
  return bytes;
}

/** TimeStampReq: v1, SHA-256 imprint, a nonce, certReq TRUE (the token must carry the TSA certificate). */
function timestampRequest(digest: Buffer, nonceBytes: Buffer): Buffer {
  return sequence(
    smallInteger(1),
    sequence(sequence(oid(OID.sha256), nullValue()), octetString(digest)),
    tlv(0x02, nonceBytes),
    Buffer.from([0x01, 0x01, 0xff]),
  );
}

/**
 * A time-stamp token for `digest` (SHA-256), from the TSA at `tsa.url`.
 * @example const { token, genTime } = await requestTimestamp(sha256(signatureValue), { url: 'https://tsa.example/' });
 */
export async function requestTimestamp(digest: Buffer, tsa: TsaOptions): Promise<Timestamp> {
  const name = tsaName(tsa.url);
  const fail = (why: string, cause?: unknown): never => {
    throw new PdfEngineError('timestamp-failed', `timestamp authority ${name}: ${why}`, { cause });
  };
  const nonceBytes = nonce();
  const headers: Record<string, string> = {
    'content-type': 'application/timestamp-query',
    accept: 'application/timestamp-reply',
  };
  if (tsa.username !== undefined) {
    const basic = Buffer.from(`${tsa.username}:${tsa.password ?? ''}`, 'utf8').toString('base64');
    headers.authorization = `Basic ${basic}`;
  }
  let body: Buffer;
  try {
    const response = await fetch(tsa.url, {
      method: 'POST',
      headers,
      body: timestampRequest(digest, nonceBytes),
      signal: AbortSignal.timeout(tsa.timeoutMs ?? 10_000),
      redirect: 'error',
    });
    body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) fail(`answered HTTP ${response.status}`);
  } catch (error) {
    if (error instanceof PdfEngineError) throw error;
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'unreachable';
    return fail(`${reason} (${(error as Error).cause ?? (error as Error).message})`, error);
  }
  try {
    return readResponse(body, digest, nonceBytes);
  } catch (error) {
    const why =
      error instanceof PdfEngineError
        ? error.message
        : `answered with something that is not a time-stamp response (${(error as Error).message})`;
    return fail(why, error);
  }
}

const integer = (node: Node | undefined): bigint => BigInt(`0x${bytes(node).toString('hex') || '0'}`);

/** TimeStampResp -> the checked token (RFC 3161 sections 2.4.2 and 2.4.1). */
function readResponse(body: Buffer, digest: Buffer, nonceBytes: Buffer): Timestamp {
  const response = forge.asn1.fromDer(forge.util.createBuffer(body.toString('binary')));
  const [statusInfo, tokenNode] = kids(response);
  const status = Number(integer(kids(statusInfo)[0]));
  if (status !== 0 && status !== 1) {
    const text = kids(kids(statusInfo)[1])
      .map((s) => bytes(s).toString('utf8'))
      .join(' ');
    throw new PdfEngineError(
      'timestamp-failed',
      `refused the request (status ${status}${text ? `: ${text}` : ''})`,
    );
  }
  if (!tokenNode) throw new Error('granted without a token');
  const token = der(tokenNode);
  const signedData = kids(kids(kids(tokenNode)[1])[0]);
  const encap = kids(signedData[2]);
  if (oidOf(encap[0]) !== OID.tstInfo) throw new Error('the token does not hold a TSTInfo');
  const tstInfoDer = bytes(kids(encap[1])[0]);
  const tstInfo = kids(forge.asn1.fromDer(forge.util.createBuffer(tstInfoDer.toString('binary'))));
  const imprint = kids(tstInfo[2]);
  const problem = (why: string) => new PdfEngineError('timestamp-failed', why);
  if (oidOf(kids(imprint[0])[0]) !== OID.sha256 || !bytes(imprint[1]).equals(digest))
    throw problem('time-stamped another digest than the one asked for');
  const genTimeNode = tstInfo[4];
  const nonceNode = tstInfo.find(
    (n, i) => i > 4 && n.tagClass === forge.asn1.Class.UNIVERSAL && n.type === 2,
  );
  if (!nonceNode || integer(nonceNode) !== BigInt(`0x${nonceBytes.toString('hex')}`))
    throw problem('answered without our nonce (a replayed or foreign response)');
  const genTime = forge.asn1.generalizedTimeToDate(bytes(genTimeNode).toString('latin1'));

  const certsNode = signedData.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
  const certificates = kids(certsNode).map(der);
  const signerInfo = kids(kids(signedData.at(-1))[0]);
  const serial = integer(kids(signerInfo[1])[1]);
  const signer = certificates
    .map((c) => new X509Certificate(c))
    .find((c) => BigInt(`0x${c.serialNumber}`) === serial);
  if (!signer) throw problem('sent a token without its signing certificate');
  if (!signer.keyUsage?.includes(OID.timeStamping))
    throw problem(
      `signs with a certificate (${signer.subject.replaceAll('\n', ', ')}) not meant for time-stamping`,
    );
  const hash = HASHES[oidOf(kids(signerInfo[2])[0])];
  const signedAttrs = signerInfo[3];
  if (!hash || !signedAttrs || signedAttrs.type !== 0)
    throw problem('sent a token in a form we do not check');
  const claimed = kids(signedAttrs)
    .map(kids)
    .find((attr) => oidOf(attr[0]) === OID.messageDigest);
  if (!bytes(kids(claimed?.[1])[0]).equals(createHash(hash).update(tstInfoDer).digest()))
    throw problem('sent a token whose signed digest does not match its content');
  const asSet = der(signedAttrs);
  asSet[0] = 0x31; // signed as a SET OF, stored as [0] IMPLICIT
  const signature = bytes(signerInfo.find((n, i) => i > 4 && n.type === 4));
  if (!verify(hash, asSet, signer.publicKey, signature))
    throw problem('sent a token whose signature does not verify with its certificate');
  return { token, genTime, certificates };
}
