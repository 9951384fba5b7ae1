import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { PdfEngineError } from '../errors.ts';
import { explicit, nullValue, octetString, oid, sequence, tlv } from '../seal/der.ts';
import { bytes, der, kids, type Asn1Node as Node, oidOf } from './asn1-read.ts';

/**
 * Revocation data for the seal's and the TSA's certificates (PAdES B-LT): for every certificate of the seal's
 * chain and of the time-stamp tokens that a CA issued, the OCSP response from its AIA responder and the CRL
 * from its CRL distribution points, each checked before it is embedded (signed by the issuer, or by a
 * responder the issuer delegated to; about this serial). A certificate that names a source which cannot be
 * reached fails the attempt (`revocation-failed`, naming the URL), like a TSA that is down: completion retries
 * with back-off rather than write a B-LT file without it. A revoked certificate fails it too. Self-signed
 * certificates (roots, the generated seal) have nothing to ask.
 */
export interface RevocationData {
  crls: Buffer[];
  ocspResponses: Buffer[];
  /** Issuers that neither the seal's PKCS#12 nor the tokens carried, fetched from AIA caIssuers. */
  issuers: Buffer[];
}

/** Whose certificate: named in failures, so an operator knows which service to look at. */
export type CertificateOwner = 'seal' | 'TSA';

const OID = {
  sha1: '1.3.14.3.2.26',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  ocspSigning: '1.3.6.1.5.5.7.3.9',
  crlDistributionPoints: '2.5.29.31',
};

/** Signature algorithms of OCSP responses and CRLs -> the hash Node verifies with. The same table as
 * @countersign/verify/signature-hashes, not imported: the verifier's tests depend on this package. */
const SIGNATURE_HASHES: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

// Bit strings stay raw: forge would otherwise read a public key's or a signature's bits as nested DER. (forge
// takes this options object at run time; its typings only know the older boolean `strict`.)
const RAW_BIT_STRINGS = { decodeBitStrings: false } as unknown as boolean;
const parse = (der: Buffer): Node =>
  forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')), RAW_BIT_STRINGS);
const time = (node: Node | undefined): Date =>
  node?.type === forge.asn1.Type.UTCTIME
    ? forge.asn1.utcTimeToDate(bytes(node).toString('latin1'))
    : forge.asn1.generalizedTimeToDate(bytes(node).toString('latin1'));
const isContext = (node: Node | undefined, n: number) =>
  node?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === n;
/** A certificate's serial number as DER content bytes, without leading zero padding. */
const serialHex = (x509: X509Certificate) => x509.serialNumber.toLowerCase().replace(/^0+/, '');
const integerHex = (node: Node | undefined) => bytes(node).toString('hex').replace(/^0+/, '');

/** The parts of a certificate an OCSP request and a CRL check need. */
function certificateParts(certificate: Buffer) {
  const tbs = kids(kids(parse(certificate))[0]);
  const first = isContext(tbs[0], 0) ? 1 : 0;
  const extensions = kids(kids(tbs.find((n) => isContext(n, 3)))[0]);
  return { subject: der(tbs[first + 4]!), publicKeyInfo: tbs[first + 5]!, extensions };
}

/** The URIs (GeneralName [6]) under an extension, e.g. the CRL distribution points. */
function urisIn(node: Node): string[] {
  if (isContext(node, 6) && !node.constructed) return [bytes(node).toString('latin1')];
  return kids(node).flatMap(urisIn);
}

/**
 * Where to ask about `certificate`: its OCSP responders (AIA) and CRL distribution points, and where its
 * issuer's certificate is published (AIA caIssuers); HTTP only.
 */
export function revocationSources(certificate: Buffer): {
  ocsp: string[];
  crl: string[];
  caIssuers: string[];
} {
  const x509 = new X509Certificate(certificate);
  const access = (method: string) =>
    [...(x509.infoAccess ?? '').matchAll(new RegExp(`^${method} - URI:(.+)$`, 'gm'))].map((m) =>
      m[1]!.trim(),
    );
  const crlExtension = certificateParts(certificate).extensions.find(
    (e) => oidOf(kids(e)[0]) === OID.crlDistributionPoints,
  );
  const crl = crlExtension ? urisIn(parse(bytes(kids(crlExtension).at(-1)))) : [];
  const http = (u: string) => /^https?:\/\//i.test(u);
  return {
    ocsp: access('OCSP').filter(http),
    crl: crl.filter(http),
    caIssuers: access('CA Issuers').filter(http),
  };
}

const fail = (why: string, cause?: unknown): never => {
  throw new PdfEngineError('revocation-failed', why, { cause });
};

async function download(url: string, timeoutMs: number, request?: Buffer): Promise<Buffer> {
  try {
    const response = await fetch(url, {
      method: request ? 'POST' : 'GET',
      ...(request
        ? { headers: { 'content-type': 'application/ocsp-request' }, body: new Uint8Array(request) }
        : {}),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) fail(`revocation source ${url}: answered HTTP ${response.status}`);
    return body;
  } catch (error) {
    if (error instanceof PdfEngineError) throw error;
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'unreachable';
    return fail(
      `revocation source ${url}: ${reason} (${(error as Error).cause ?? (error as Error).message})`,
      error,
    );
  }
}

/** The signature over `signed` by `signer` (a certificate) checks out. */
function signedBy(signed: Buffer, algorithm: Node, signature: Buffer, signer: X509Certificate): boolean {
  const hash = SIGNATURE_HASHES[oidOf(kids(algorithm)[0])];
  return hash !== undefined && verify(hash, signed, signer.publicKey, signature);
}

/** OCSP: asks `url` about `certificate` (`owner`'s), checks the answer, returns its DER (an OCSPResponse). */
async function ocspFor(
  url: string,
  certificate: X509Certificate,
  issuer: X509Certificate,
  owner: CertificateOwner,
  timeoutMs: number,
) {
  const issuerParts = certificateParts(issuer.raw);
  const keyBits = bytes(kids(issuerParts.publicKeyInfo)[1]).subarray(1); // BIT STRING without unused-bits byte
  const sha1 = (b: Buffer) => createHash('sha1').update(b).digest();
  const serial = Buffer.from(certificate.serialNumber.padStart(2, '0'), 'hex');
  const certId = sequence(
    sequence(oid(OID.sha1), nullValue()),
    octetString(sha1(issuerParts.subject)),
    octetString(sha1(keyBits)),
    tlv(0x02, serial[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), serial]) : serial),
  );
  const nonce = randomBytes(16);
  const request = sequence(
    sequence(
      sequence(sequence(certId)),
      explicit(2, sequence(sequence(oid(OID.ocspNonce), octetString(octetString(nonce))))),
    ),
  );
  const body = await download(url, timeoutMs, request);
  const where = `OCSP responder ${url}`;
  try {
    const [status, responseBytes] = kids(parse(body));
    const code = bytes(status)[0];
    if (code !== 0) fail(`${where}: answered status ${code} instead of a response`);
    const [type, octets] = kids(kids(responseBytes)[0]);
    if (oidOf(type) !== OID.ocspBasic) fail(`${where}: answered a response type we do not read`);
    const basic = kids(parse(bytes(octets)));
    const [tbs, algorithm, signature, certsNode] = basic;
    const data = kids(tbs);
    const fromVersion = isContext(data[0], 0) ? 1 : 0;
    const responses = kids(data[fromVersion + 2]);
    const single = responses.map(kids).find((r) => integerHex(kids(r[0])[3]) === serialHex(certificate));
    if (!single) fail(`${where}: answered about another certificate`);
    const echoed = kids(kids(data.find((n) => isContext(n, 1)))[0])
      .map(kids)
      .find((e) => oidOf(e[0]) === OID.ocspNonce);
    if (echoed && !bytes(parse(bytes(echoed.at(-1)))).equals(nonce))
      fail(`${where}: answered with another nonce (a replayed response)`);
    // Signed by the issuer itself, or by a responder certificate the issuer signed for OCSP signing.
    const candidates = [issuer, ...kids(kids(certsNode)[0]).map((c) => new X509Certificate(der(c)))];
    const signer = candidates.find(
      (c) =>
        signedBy(der(tbs!), algorithm!, bytes(signature).subarray(1), c) &&
        (c === issuer || (c.verify(issuer.publicKey) && (c.keyUsage ?? []).includes(OID.ocspSigning))),
    );
    if (!signer) fail(`${where}: its response is not signed by the issuer or a responder it delegated to`);
    const certStatus = single![1]!;
    if (isContext(certStatus, 1)) {
      const when = time(kids(certStatus)[0]).toISOString();
      fail(
        `${owner} certificate ${certificate.subject.replaceAll('\n', ', ')} was revoked at ${when} (${where})`,
      );
    }
    if (!isContext(certStatus, 0)) fail(`${where}: does not know the certificate (status unknown)`);
  } catch (error) {
    if (error instanceof PdfEngineError) throw error;
    fail(`${where}: answered something that is not an OCSP response (${(error as Error).message})`, error);
  }
  return body;
}

/** A CRL from `url`, checked: signed by `issuer`, and not listing `certificate`. PEM or DER; returns DER. */
async function crlFor(
  url: string,
  certificate: X509Certificate,
  issuer: X509Certificate,
  owner: CertificateOwner,
  timeoutMs: number,
) {
  let body = await download(url, timeoutMs);
  const where = `CRL ${url}`;
  const pem = /-----BEGIN X509 CRL-----([\s\S]+?)-----END X509 CRL-----/.exec(body.toString('latin1'));
  if (pem) body = Buffer.from(pem[1]!.replace(/\s+/g, ''), 'base64');
  try {
    const [tbs, algorithm, signature] = kids(parse(body));
    if (!signedBy(der(tbs!), algorithm!, bytes(signature).subarray(1), issuer))
      fail(`${where}: not signed by the certificate's issuer`);
    const fields = kids(tbs);
    const revoked = fields.find(
      (n, i) => i > 2 && n.type === forge.asn1.Type.SEQUENCE && kids(n).every((e) => kids(e)[0]?.type === 2),
    );
    const entry = kids(revoked)
      .map(kids)
      .find((e) => integerHex(e[0]) === serialHex(certificate));
    if (entry)
      fail(
        `${owner} certificate ${certificate.subject.replaceAll('\n', ', ')} was revoked at ${time(entry[1]).toISOString()} (${where})`,
      );
  } catch (error) {
    if (error instanceof PdfEngineError) throw error;
    fail(`${where}: answered something that is not a CRL (${(error as Error).message})`, error);
  }
  return body;
}

/** The issuer of `certificate` from its AIA caIssuers URLs (DER or PEM), checked to have signed it. */
async function fetchIssuer(certificate: X509Certificate, urls: string[], timeoutMs: number) {
  for (const url of urls) {
    const body = await download(url, timeoutMs);
    const pem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(body.toString('latin1'));
    let issuer: X509Certificate;
    try {
      issuer = new X509Certificate(pem ? pem[0] : body);
    } catch (error) {
      return fail(`CA issuers ${url}: answered something that is not a certificate`, error);
    }
    if (certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey)) return issuer;
  }
  return null;
}

/** Whether `certificate` has revocation data to fetch: a CA issued it and it names an OCSP responder or a CRL. */
export function hasRevocationSources(certificate: Buffer): boolean {
  const x509 = new X509Certificate(certificate);
  if (x509.checkIssued(x509)) return false;
  const sources = revocationSources(certificate);
  return sources.ocsp.length + sources.crl.length > 0;
}

/**
 * Fetches and checks the revocation data of every CA-issued certificate of the seal's chain (the seal's
 * first, as DER) and of the TSA's tokens, each certificate once, with `timeoutMs` per request. An issuer that
 * none of them carries is fetched from the certificate's AIA caIssuers (a TSA usually sends only its own
 * certificate), and gets its revocation data in turn.
 */
export async function fetchRevocationData(
  certificates: { seal: Buffer[]; tsa: Buffer[] },
  timeoutMs: number,
): Promise<RevocationData> {
  const data: RevocationData = { crls: [], ocspResponses: [], issuers: [] };
  const todo: { certificate: X509Certificate; owner: CertificateOwner }[] = [];
  const add = (der: Buffer, owner: CertificateOwner) => {
    if (!todo.some((t) => t.certificate.raw.equals(der)))
      todo.push({ certificate: new X509Certificate(der), owner });
  };
  for (const der of certificates.seal) add(der, 'seal');
  for (const der of certificates.tsa) add(der, 'TSA');
  for (let i = 0; i < todo.length; i++) {
    const { certificate, owner } = todo[i]!;
    // Self-signed (a trust anchor) or naming no source: nothing to ask.
    if (!hasRevocationSources(certificate.raw)) continue;
    const sources = revocationSources(certificate.raw);
    let issuer =
      todo.find(
        (t) =>
          t.certificate !== certificate &&
          certificate.checkIssued(t.certificate) &&
          certificate.verify(t.certificate.publicKey),
      )?.certificate ?? null;
    if (!issuer) {
      issuer = await fetchIssuer(certificate, sources.caIssuers, timeoutMs);
      if (!issuer)
        fail(
          `revocation data for ${owner} certificate ${certificate.subject.replaceAll('\n', ', ')}: its issuer is not in ${owner === 'seal' ? "the seal's PKCS#12" : "the TSA's token"}, nor at a CA issuers URL it names`,
        );
      data.issuers.push(issuer!.raw);
      add(issuer!.raw, owner);
    }
    const ocspResponses = await Promise.all(
      sources.ocsp.map((u) => ocspFor(u, certificate, issuer!, owner, timeoutMs)),
    );
    const crls = await Promise.all(sources.crl.map((u) => crlFor(u, certificate, issuer!, owner, timeoutMs)));
    data.ocspResponses.push(...ocspResponses);
    data.crls.push(...crls);
  }
  return data;
}
