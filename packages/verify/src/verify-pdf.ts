import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import { checkAppended } from './appended.ts';
import { type ChainedAuditEvent, checkAuditChain } from './audit-chain.ts';
import { children, content, type DerNode, oidText, readDer, whole } from './der.ts';
import { type RevocationReport, readRevocation } from './revocation.ts';
import { isDocumentTimestamp, type PdfSignature, pdfSignatures } from './signatures.ts';
import { checkTimestampToken, type TimestampToken, tokenProblem } from './timestamp-token.ts';

/** One named check of the report; `ok: null` when it does not apply (no trail given, no timestamp asked). */
export interface Check {
  name:
    | 'seal-present'
    | 'seal-digest'
    | 'seal-signature'
    | 'nothing-appended'
    | 'certificate-chain'
    | 'timestamp'
    | 'document-timestamp'
    | 'revocation'
    | 'audit-chain';
  ok: boolean | null;
  detail: string;
}

export interface VerifyReport {
  ok: boolean;
  checks: Check[];
  seal: {
    byteRange: [number, number, number, number];
    coveredBytes: number;
    fileBytes: number;
    signingTime: string | null;
    signer: string | null;
  } | null;
  chain: { subject: string; issuer: string; selfSigned: boolean; validTo: string }[];
  /** The seal's signature time-stamp (PAdES B-T): when, by which TSA, and whether it holds. */
  timestamp: TimestampToken | null;
  /** The last document time-stamp after the seal (PAdES B-LTA), and whether it reaches the end of the file. */
  documentTimestamp: (TimestampToken & { coversWholeFile: boolean }) | null;
  /** Whether a DSS (validation data for later) was appended after the seal (PAdES B-LT). */
  dss: boolean;
  /** The OCSP responses and CRLs in that DSS, read against the seal's chain; null when it has none. */
  revocation: RevocationReport | null;
  auditChainHead: string | null;
}

export interface VerifyOptions {
  /** The session's audit trail (GET /api/sessions/{id}/audit) to check against the head sealed in the PDF. */
  trail?: { events: ChainedAuditEvent[] };
  /** Fail when the seal carries no signature timestamp (PAdES B-T). */
  requireTimestamp?: boolean;
}

const OID = {
  messageDigest: '1.2.840.113549.1.9.4',
  signatureTimeStamp: '1.2.840.113549.1.9.16.2.14',
};

const latin1 = (b: Buffer, start = 0, end = b.length) => b.toString('latin1', start, end);

/** The seal: the last signature that is not a document time-stamp, and the document time-stamps after it. */
function sealAndTimestamps(pdf: Buffer): { seal: PdfSignature; documentTimestamps: PdfSignature[] } | null {
  const all = pdfSignatures(pdf);
  const seal = all.filter((s) => !isDocumentTimestamp(s)).at(-1);
  if (!seal) return null;
  return { seal, documentTimestamps: all.filter((s) => isDocumentTimestamp(s) && s.at > seal.at) };
}

const der = (b: Buffer) => readDer(b, 0);
const field = (nodes: DerNode[], tag: number) => nodes.find((n) => n.tag === tag);

/** Verifies a sealed PDF the way anyone can, with no access to the service (docs/evidence.md). */
export function verifyPdf(pdf: Buffer, options: VerifyOptions = {}): VerifyReport {
  const checks: Check[] = [];
  const report: VerifyReport = {
    ok: false,
    checks,
    seal: null,
    chain: [],
    timestamp: null,
    documentTimestamp: null,
    dss: false,
    revocation: null,
    auditChainHead: null,
  };
  const found = sealAndTimestamps(pdf);
  const sig = found?.seal;
  checks.push({
    name: 'seal-present',
    ok: sig !== null,
    detail: sig
      ? 'a PDF signature with a byte range was found'
      : 'no signature with a byte range in this file',
  });
  if (!sig) return finish(report);
  const [a, b, c, d] = sig.range;
  const covered = b + d;
  const text = latin1(pdf, 0, Math.min(pdf.length, c + d));
  report.auditChainHead =
    [...text.matchAll(/\/Countersign_AuditChainHead\s*\(([0-9a-f]{64})\)/g)].at(-1)?.[1] ?? null;
  // The dictionary's /M: before /ByteRange or after the signature value, depending on the key order.
  const signingTime = /\/M\s*\(D:(\d{14})/.exec(sig.dictionary)?.[1];
  report.seal = {
    byteRange: sig.range,
    coveredBytes: covered,
    fileBytes: pdf.length,
    signingTime: signingTime
      ? `${signingTime.slice(0, 4)}-${signingTime.slice(4, 6)}-${signingTime.slice(6, 8)}T${signingTime.slice(8, 10)}:${signingTime.slice(10, 12)}:${signingTime.slice(12, 14)}Z`
      : null,
    signer: null,
  };
  const appended = checkAppended(pdf, c + d, found.documentTimestamps);
  checks.push({
    name: 'nothing-appended',
    ok: appended.ok,
    detail:
      c + d === pdf.length
        ? `the seal covers the whole file but its own signature value (bytes 0-${b - 1} and ${c}-${c + d - 1} of ${pdf.length})`
        : appended.detail,
  });
  report.dss = /\/Type\s*\/DSS\b/.test(latin1(pdf, c + d));

  let signerInfo: DerNode[];
  let certificates: X509Certificate[];
  try {
    const contentInfo = children(der(sig.contents));
    const signedData = children(children(contentInfo[1]!)[0]!);
    const certsNode = field(signedData, 0xa0);
    certificates = certsNode ? children(certsNode).map((n) => new X509Certificate(whole(n))) : [];
    signerInfo = children(children(signedData.at(-1)!)[0]!);
  } catch (err) {
    checks.push({
      name: 'seal-digest',
      ok: false,
      detail: `the signature value is not a readable CMS: ${(err as Error).message}`,
    });
    return finish(report);
  }
  const signedAttrs = field(signerInfo, 0xa0);
  const digestValue = signedAttrs
    ? children(signedAttrs)
        .map((attr) => children(attr))
        .find((attr) => oidText(attr[0]!) === OID.messageDigest)?.[1]
    : undefined;
  const claimed = digestValue ? content(children(digestValue)[0]!) : null;
  const actual = createHash('sha256')
    .update(pdf.subarray(a, a + b))
    .update(pdf.subarray(c, c + d))
    .digest();
  checks.push({
    name: 'seal-digest',
    ok: claimed?.equals(actual) === true,
    detail:
      claimed === null
        ? 'the signature has no message digest attribute'
        : claimed.equals(actual)
          ? 'the signed bytes hash to the digest the seal signed (SHA-256)'
          : 'the signed bytes do not match the digest the seal signed: the file was changed after sealing',
  });

  // The signer: the certificate whose serial the SignerInfo names.
  const sid = signerInfo[1]!;
  const serial =
    sid.tag === 0x30 ? content(children(sid)[1]!).toString('hex').replace(/^0+/, '').toUpperCase() : '';
  const signer = certificates.find((cert) => cert.serialNumber.replace(/^0+/, '').toUpperCase() === serial);
  report.seal.signer = signer?.subject.replaceAll('\n', ', ') ?? null;
  const signature = signerInfo.find((n, i) => i > 2 && n.tag === 0x04);
  let signatureOk = false;
  if (signer && signedAttrs && signature) {
    const asSet = Buffer.from(whole(signedAttrs));
    asSet[0] = 0x31; // signed as a SET OF, stored as [0] IMPLICIT
    try {
      signatureOk = verifySignature('sha256', asSet, signer.publicKey, content(signature));
    } catch {
      signatureOk = false;
    }
  }
  checks.push({
    name: 'seal-signature',
    ok: signatureOk,
    detail: signatureOk
      ? `signed by ${report.seal.signer}`
      : signer
        ? 'the signature value does not verify with the signer certificate'
        : 'the signer certificate is not in the signature',
  });

  // The chain: signer -> issuer -> ... as far as the embedded certificates go; complete when it ends self-signed.
  if (signer) {
    let current: X509Certificate | undefined = signer;
    const used = new Set<X509Certificate>();
    while (current && !used.has(current)) {
      used.add(current);
      // By name and signature: a self-signed seal certificate has no keyCertSign, so checkIssued would say no.
      const selfSigned = current.subject === current.issuer && current.verify(current.publicKey);
      report.chain.push({
        subject: current.subject.replaceAll('\n', ', '),
        issuer: current.issuer.replaceAll('\n', ', '),
        selfSigned,
        validTo: new Date(current.validTo).toISOString(),
      });
      if (selfSigned) break;
      const child: X509Certificate = current;
      current = certificates.find(
        (cand) => !used.has(cand) && child.checkIssued(cand) && child.verify(cand.publicKey),
      );
    }
    const last = report.chain.at(-1);
    checks.push({
      name: 'certificate-chain',
      ok: last?.selfSigned === true,
      detail: last?.selfSigned
        ? `${report.chain.length} certificate(s) up to the self-signed root "${last.subject}" (trust in that root is yours to decide)`
        : `the chain is incomplete: no certificate for the issuer "${last?.issuer}" is embedded`,
    });
  } else {
    checks.push({ name: 'certificate-chain', ok: false, detail: 'no signer certificate' });
  }

  checks.push(signatureTimestampCheck(report, signerInfo, options));
  checks.push(documentTimestampCheck(pdf, report, found.documentTimestamps));
  checks.push(revocationCheck(pdf, c + d, report, certificates));

  if (options.trail) {
    const result = checkAuditChain(options.trail.events);
    const throughHead =
      report.auditChainHead !== null && options.trail.events.some((e) => e.hash === report.auditChainHead);
    checks.push({
      name: 'audit-chain',
      ok: result.ok && throughHead,
      detail: !result.ok
        ? result.problem
        : report.auditChainHead === null
          ? 'the PDF carries no audit chain head'
          : throughHead
            ? `${result.events} events chain intact, through the head sealed in the PDF (${report.auditChainHead})`
            : `the trail does not contain the head sealed in the PDF (${report.auditChainHead}): events were removed or replaced`,
    });
  } else {
    checks.push({
      name: 'audit-chain',
      ok: null,
      detail: report.auditChainHead
        ? `sealed head ${report.auditChainHead}; pass the trail (--trail) to check it`
        : 'no audit chain head in this PDF',
    });
  }
  return finish(report);
}

/** The seal's signature time-stamp: an unsigned attribute whose token time-stamps the signature value. */
function signatureTimestampCheck(report: VerifyReport, signerInfo: DerNode[], options: VerifyOptions): Check {
  const unsigned = field(signerInfo, 0xa1);
  const attribute = unsigned
    ? children(unsigned)
        .map((attr) => children(attr))
        .find((attr) => oidText(attr[0]!) === OID.signatureTimeStamp)
    : undefined;
  if (!attribute) {
    return {
      name: 'timestamp',
      ok: options.requireTimestamp ? false : null,
      detail: 'the seal carries no signature timestamp (PAdES B-B)',
    };
  }
  const signature = signerInfo.find((n, i) => i > 3 && n.tag === 0x04);
  try {
    const token = checkTimestampToken(whole(children(attribute[1]!)[0]!), [
      signature ? content(signature) : Buffer.alloc(0),
    ]);
    report.timestamp = token;
    const problem = tokenProblem(token, 'signature timestamp');
    return {
      name: 'timestamp',
      ok: problem === null,
      detail: problem ?? `the seal's signature was time-stamped at ${token.time} by ${token.tsa} (PAdES B-T)`,
    };
  } catch (err) {
    return {
      name: 'timestamp',
      ok: false,
      detail: `the signature timestamp is unreadable: ${(err as Error).message}`,
    };
  }
}

/** The last document time-stamp after the seal: a token over its byte range, which must reach the file's end. */
function documentTimestampCheck(pdf: Buffer, report: VerifyReport, stamps: PdfSignature[]): Check {
  const last = stamps.at(-1);
  if (!last) return { name: 'document-timestamp', ok: null, detail: 'no document timestamp after the seal' };
  const [a, b, c, d] = last.range;
  try {
    const token = checkTimestampToken(last.contents, [pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
    const coversWholeFile = c + d === pdf.length;
    report.documentTimestamp = { ...token, coversWholeFile };
    const problem = tokenProblem(token, 'document timestamp');
    return {
      name: 'document-timestamp',
      ok: problem === null,
      detail:
        problem ??
        `the file up to ${c + d} of ${pdf.length} bytes${report.dss ? ', its validation data (DSS) included,' : ''} was time-stamped at ${token.time} by ${token.tsa} (PAdES B-LTA)`,
    };
  } catch (err) {
    return {
      name: 'document-timestamp',
      ok: false,
      detail: `the document timestamp is unreadable: ${(err as Error).message}`,
    };
  }
}

/**
 * The revocation data in the DSS: every response and CRL must verify, and none may revoke a certificate in the
 * file (the seal's chain, the TSA's and the other certificates of the DSS).
 */
function revocationCheck(
  pdf: Buffer,
  sealEnd: number,
  report: VerifyReport,
  certificates: X509Certificate[],
): Check {
  let found: RevocationReport;
  try {
    found = readRevocation(pdf, sealEnd, certificates);
  } catch (err) {
    return {
      name: 'revocation',
      ok: false,
      detail: `the DSS's revocation data is unreadable: ${(err as Error).message}`,
    };
  }
  if (found.ocsp.length + found.crls.length === 0)
    return {
      name: 'revocation',
      ok: null,
      detail: report.dss
        ? 'the DSS carries no revocation data (a self-signed seal certificate has none to fetch)'
        : 'no DSS after the seal',
    };
  report.revocation = found;
  const problems = [
    ...found.ocsp.flatMap((o) => [
      ...(o.signedBy === null
        ? [`an OCSP response about ${o.about} does not verify with any certificate in the file`]
        : []),
      ...(o.status === 'good' ? [] : [`an OCSP response says ${o.about} is ${o.status}`]),
    ]),
    ...found.crls.flatMap((crl) => [
      ...(crl.issuer === null ? ['a CRL does not verify with any certificate in the file'] : []),
      ...crl.revokes.map((subject) => `the CRL of ${crl.issuer} lists ${subject} as revoked`),
    ]),
  ];
  const said = [
    ...found.ocsp.map((o) => `OCSP: ${o.about} ${o.status} at ${o.producedAt} (signed by ${o.signedBy})`),
    ...found.crls.map(
      (crl) =>
        `CRL of ${crl.issuer} of ${crl.thisUpdate}: ${crl.revokes.length ? 'lists' : 'does not list'} the file's certificates`,
    ),
  ];
  return {
    name: 'revocation',
    ok: problems.length === 0,
    detail: problems.length
      ? problems.join('; ')
      : `embedded revocation data (PAdES B-LT): ${said.join('; ')}`,
  };
}

function finish(report: VerifyReport): VerifyReport {
  report.ok =
    report.checks.every((c) => c.ok !== false) && report.checks.some((c) => c.name === 'seal-signature');
  return report;
}

/** The report as text, one line per check. */
export function formatReport(file: string, report: VerifyReport): string {
  const mark = (ok: boolean | null) => (ok === null ? '-' : ok ? 'OK' : 'FAIL');
  const lines = [`${file}: ${report.ok ? 'VALID' : 'NOT VALID'}`];
  for (const check of report.checks)
    lines.push(`  ${mark(check.ok).padEnd(4)} ${check.name}: ${check.detail}`);
  if (report.seal?.signingTime) lines.push(`  seal time (claimed): ${report.seal.signingTime}`);
  if (report.timestamp)
    lines.push(`  signature timestamp: ${report.timestamp.time} by ${report.timestamp.tsa}`);
  if (report.documentTimestamp)
    lines.push(`  document timestamp: ${report.documentTimestamp.time} by ${report.documentTimestamp.tsa}`);
  for (const cert of report.chain) lines.push(`  certificate: ${cert.subject} (valid to ${cert.validTo})`);
  for (const o of report.revocation?.ocsp ?? [])
    lines.push(`  OCSP response: ${o.about} ${o.status} at ${o.producedAt}`);
  for (const crl of report.revocation?.crls ?? [])
    lines.push(
      `  CRL: ${crl.issuer ?? 'unverified issuer'}, ${crl.thisUpdate}${crl.nextUpdate ? ` to ${crl.nextUpdate}` : ''}`,
    );
  return `${lines.join('\n')}\n`;
}
