/**
 * Every word of the public /verify page in English: the reference catalogue. Keys are flat; `{name}`
 * placeholders are filled by the page. Every other language has exactly these keys (test:
 * apps/api/test/verify-page-i18n.test.ts). Terms follow the signing page's catalogues (seal, signature, audit
 * trail). `explain.<check>.<ok|fail|skip>` is the plain-words meaning of a check's outcome; a missing key means
 * that outcome does not occur for that check.
 */
export const en = {
  title: 'Verify a signed PDF',
  lead: 'Checks a PDF sealed by Countersign: the seal, the bytes it covers, its certificates, its timestamp and whether anything was added after sealing.',
  'lead.private': 'The file never leaves this browser',
  'lead.privateHow': ': it is read and checked on this page, nothing is uploaded or stored.',
  'pdf.label': 'Signed PDF',
  'trail.label': 'Audit trail, optional (the JSON of {endpoint})',
  'result.label': 'Verification result',
  noscript: 'Checking a PDF needs JavaScript. Turn it on and reload this page.',

  busy: 'Checking {file}…',
  'verdict.valid': '{file}: valid. Every check that applies holds.',
  'verdict.invalid': '{file}: not valid. Failed: {checks}.',
  'error.notPdf': 'Could not check {file}: it is not a PDF (a PDF starts with “%PDF-”).',
  'error.trailNotJson': 'Could not read the audit trail {file}: it is not JSON.',
  'error.trailShape':
    'Could not read the audit trail {file}: it has no list of events. Use the JSON of {endpoint}.',
  'error.failed': 'Could not check {file}: {message}',

  'status.ok': 'OK',
  'status.fail': 'Failed',
  'status.skip': 'Not checked',
  'table.caption': 'Checks',
  'table.check': 'Check',
  'table.result': 'Result',
  'table.detail': 'Detail',
  'table.techNote': 'The technical detail of each check is in English, as the verifier reports it.',

  'check.seal-present': 'Seal present',
  'check.seal-digest': 'Signed bytes unchanged',
  'check.seal-signature': 'Seal signature',
  'check.nothing-appended': 'Nothing appended after sealing',
  'check.certificate-chain': 'Certificate chain',
  'check.timestamp': 'Trusted timestamp',
  'check.document-timestamp': 'Document timestamp',
  'check.revocation': 'Revocation data (OCSP, CRL)',
  'check.audit-chain': 'Audit trail chain',

  'explain.seal-present.ok': 'The file carries a seal.',
  'explain.seal-present.fail': 'The file carries no seal: it was never sealed, or the seal was removed.',
  'explain.seal-digest.ok': 'The sealed content is exactly as it was when it was sealed.',
  'explain.seal-digest.fail': 'The sealed content was changed after sealing, or the seal cannot be read.',
  'explain.seal-signature.ok': 'The seal’s signature is genuine for the certificate it names.',
  'explain.seal-signature.fail': 'The seal’s signature does not verify with its certificate.',
  'explain.nothing-appended.ok':
    'Nothing was added after sealing, apart from validation data and timestamps.',
  'explain.nothing-appended.fail': 'Something was added to the file or changed in it after sealing.',
  'explain.certificate-chain.ok':
    'The certificates lead up to a root certificate. Whether you trust that root is for you to decide.',
  'explain.certificate-chain.fail': 'The chain of certificates is missing or incomplete.',
  'explain.timestamp.ok': 'A timestamping authority confirms when the seal was made.',
  'explain.timestamp.fail': 'The seal’s timestamp does not hold.',
  'explain.timestamp.skip': 'The seal has no trusted timestamp.',
  'explain.document-timestamp.ok':
    'A timestamping authority confirms the whole document, its validation data included, at a later time.',
  'explain.document-timestamp.fail': 'The document timestamp does not hold.',
  'explain.document-timestamp.skip': 'There is no document timestamp after the seal.',
  'explain.revocation.ok':
    'The revocation data in the file says that no certificate of the seal was revoked.',
  'explain.revocation.fail': 'The revocation data cannot be read or says that a certificate was revoked.',
  'explain.revocation.skip': 'The file carries no revocation data.',
  'explain.audit-chain.ok': 'The audit trail you chose is intact and ends in the one sealed in the PDF.',
  'explain.audit-chain.fail':
    'The audit trail you chose was changed, is incomplete or does not belong to this PDF.',
  'explain.audit-chain.skip': 'To check it, choose the audit trail of the signing request above.',

  'details.heading': 'Details',
  'fact.covered': 'Covered bytes',
  'fact.coveredValue':
    '{covered} of {total}: bytes 0 to {end1} and {start2} to {end2} (the gap is the signature value itself)',
  'fact.sealedBy': 'Sealed by',
  'fact.unknown': 'unknown',
  'fact.sealTime': 'Seal time (claimed by the signer)',
  'fact.notGiven': 'not given',
  'fact.timestamp': 'Timestamp',
  'fact.stamp': '{time}, by {tsa}',
  'fact.noTimestamp': 'none: the time above is the signer’s claim, not a trusted time',
  'fact.documentTimestamp': 'Document timestamp',
  'fact.rootCertificate': 'Root certificate',
  'fact.certificate': 'Certificate',
  'fact.certificateValue': '{subject} (valid to {date})',
  'fact.auditHead': 'Audit chain head sealed in the PDF',
  'fact.none': 'none',
} as const;

export type VerifyKey = keyof typeof en;
export type VerifyCatalogue = Record<VerifyKey, string>;
