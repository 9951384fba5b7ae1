import { verify as verifySignature, X509Certificate } from 'node:crypto';
import { decodedStream, objectsIn } from './appended.ts';
import { children, content, type DerNode, oidText, readDer, whole } from './der.ts';
import { SIGNATURE_HASHES } from './signature-hashes.ts';

/** An OCSP response in the DSS: when, about which certificate, what it says, and whether its signature holds. */
export interface OcspInfo {
  producedAt: string;
  /** Subject of the certificate it is about (by serial: the seal's chain, the DSS's), or the serial when none matches. */
  about: string;
  status: 'good' | 'revoked' | 'unknown';
  /** Subject of the certificate whose key verifies the response, or null when none does. */
  signedBy: string | null;
}

/** A CRL in the DSS: its issuer (the certificate in the file whose key verifies it), its period, what it revokes. */
export interface CrlInfo {
  issuer: string | null;
  thisUpdate: string;
  nextUpdate: string | null;
  /** Subjects of the file's certificates (the seal's chain, the DSS's) it lists as revoked. */
  revokes: string[];
}

export interface RevocationReport {
  ocsp: OcspInfo[];
  crls: CrlInfo[];
}

const subjectOf = (c: X509Certificate) => c.subject.replaceAll('\n', ', ');
const serialOf = (c: X509Certificate) => c.serialNumber.toLowerCase().replace(/^0+/, '');
const integerHex = (n: DerNode) => content(n).toString('hex').replace(/^0+/, '');

/** UTCTime (0x17) or GeneralizedTime (0x18) as ISO 8601. */
function timeOf(node: DerNode): string {
  const t = content(node).toString('latin1');
  const full = node.tag === 0x17 ? `${Number(t.slice(0, 2)) < 50 ? '20' : '19'}${t}` : t;
  return `${full.slice(0, 4)}-${full.slice(4, 6)}-${full.slice(6, 8)}T${full.slice(8, 10)}:${full.slice(10, 12)}:${full.slice(12, 14)}Z`;
}

/** The first of `candidates` whose key verifies `signature` over `signed` with `algorithm`. */
function signerOf(
  signed: Buffer,
  algorithm: DerNode,
  signature: DerNode,
  candidates: X509Certificate[],
): X509Certificate | null {
  const hash = SIGNATURE_HASHES[oidText(children(algorithm)[0]!)];
  if (!hash) return null;
  const value = content(signature).subarray(1); // BIT STRING: drop the unused-bits byte
  return (
    candidates.find((c) => {
      try {
        return verifySignature(hash, signed, c.publicKey, value);
      } catch {
        return false;
      }
    }) ?? null
  );
}

function readOcsp(der: Buffer, chain: X509Certificate[]): OcspInfo[] {
  const [, responseBytes] = children(readDer(der));
  const basicDer = content(children(children(responseBytes!)[0]!)[1]!);
  const [tbs, algorithm, signature, certsNode] = children(readDer(basicDer));
  const embedded = certsNode
    ? children(children(certsNode)[0]!).map((c) => new X509Certificate(whole(c)))
    : [];
  const signer = signerOf(whole(tbs!), algorithm!, signature!, [...chain, ...embedded]);
  const data = children(tbs!);
  const from = data[0]!.tag === 0xa0 ? 1 : 0;
  const producedAt = timeOf(data[from + 1]!);
  return children(data[from + 2]!).map((single) => {
    const [certId, certStatus] = children(single);
    const serial = integerHex(children(certId!)[3]!);
    const cert = chain.find((c) => serialOf(c) === serial);
    const status = certStatus!.tag === 0x80 ? 'good' : certStatus!.tag === 0xa1 ? 'revoked' : 'unknown';
    return {
      producedAt,
      about: cert ? subjectOf(cert) : `serial ${serial}`,
      status,
      signedBy: signer ? subjectOf(signer) : null,
    };
  });
}

function readCrl(der: Buffer, chain: X509Certificate[]): CrlInfo {
  const [tbs, algorithm, signature] = children(readDer(der));
  const issuer = signerOf(whole(tbs!), algorithm!, signature!, chain);
  const fields = children(tbs!);
  const times = fields.flatMap((f, i) => (f.tag === 0x17 || f.tag === 0x18 ? [i] : []));
  const thisAt = times[0]!;
  const nextAt = times[1] === thisAt + 1 ? times[1] : undefined;
  const listNode = fields[(nextAt ?? thisAt) + 1];
  const listed = listNode?.tag === 0x30 ? children(listNode).map((e) => integerHex(children(e)[0]!)) : [];
  return {
    issuer: issuer ? subjectOf(issuer) : null,
    thisUpdate: timeOf(fields[thisAt]!),
    nextUpdate: nextAt === undefined ? null : timeOf(fields[nextAt]!),
    revokes: chain
      .filter((c) => issuer && c.issuer === issuer.subject && listed.includes(serialOf(c)))
      .map(subjectOf),
  };
}

/**
 * The OCSP responses and CRLs the DSS after the seal lists, read against the seal's chain and the DSS's own
 * certificates (the TSA's, and issuers the seal's CMS does not carry): the data may be about any of them.
 */
export function readRevocation(pdf: Buffer, sealEnd: number, sealChain: X509Certificate[]): RevocationReport {
  const objects = objectsIn(pdf, sealEnd, []);
  const dss = objects.filter((o) => /\/Type\s*\/DSS\b/.test(o.body)).at(-1);
  const listed = (key: string) =>
    [
      ...(new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(dss?.body ?? '')?.[1] ?? '').matchAll(
        /(\d+)\s+\d+\s+R/g,
      ),
    ]
      .map((m) => objects.find((o) => o.num === Number(m[1])))
      .flatMap((o) => {
        const data = o ? decodedStream(o) : null;
        return data ? [data] : [];
      });
  // Each certificate once, by issuer and serial (the /verify page's X509Certificate has no `raw` to compare).
  const known = [...sealChain];
  const same = (a: X509Certificate, b: X509Certificate) =>
    a.issuer === b.issuer && a.serialNumber === b.serialNumber;
  for (const der of listed('Certs')) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(der);
    } catch {
      continue; // not a certificate: nothing to read revocation data against
    }
    if (!known.some((c) => same(c, certificate))) known.push(certificate);
  }
  return {
    ocsp: listed('OCSPs').flatMap((der) => readOcsp(der, known)),
    crls: listed('CRLs').map((der) => readCrl(der, known)),
  };
}
