/**
 * Signature algorithms (RSA PKCS#1 v1.5, ECDSA) -> the hash Node verifies with: the verifier's and the /verify
 * page's node:crypto shim's. (pdf-engine keeps its own copy: importing this package would close a cycle with
 * the verifier's tests, which seal their PDFs with pdf-engine.)
 */
export const SIGNATURE_HASHES: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};
