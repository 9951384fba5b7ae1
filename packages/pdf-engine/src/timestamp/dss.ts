import { type PDFDocument, PDFName, type PDFRef } from 'pdf-lib';

/** Validation data for one signature: its /VRI entry lists these (ETSI EN 319 142-1 5.4.2.2). */
export interface SignatureValidationData {
  /** SHA-1 of the signature's /Contents value (hex-decoded, padding included): the /VRI key. */
  contentsSha1: Buffer;
  certificates: Buffer[];
  crls: Buffer[];
  ocspResponses: Buffer[];
}

/**
 * The Document Security Store (ISO 32000-2, 12.8.4.3; ETSI EN 319 142-1 5.4.2): the certificates and
 * revocation data a validator needs years later, when the TSA's and the seal's issuers may be gone.
 * Each item is a plain stream holding its DER, written once however often it is listed; with `signature`,
 * a /VRI entry says which of them validate that signature. Returns the existing objects changed (the catalog).
 */
export function addDss(
  doc: PDFDocument,
  data: {
    certificates: Buffer[];
    crls?: Buffer[];
    ocspResponses?: Buffer[];
    signature?: SignatureValidationData;
  },
): PDFRef[] {
  const { context } = doc;
  const written = new Map<string, PDFRef>();
  const streams = (items: Buffer[] = []) => [
    ...new Set(
      items.map((der) => {
        const key = der.toString('base64');
        let ref = written.get(key);
        if (!ref) {
          ref = context.register(context.stream(der));
          written.set(key, ref);
        }
        return ref;
      }),
    ),
  ];
  const certs = streams(data.certificates);
  const crls = streams(data.crls);
  const ocsps = streams(data.ocspResponses);
  const { signature } = data;
  const vri = signature
    ? {
        VRI: {
          [signature.contentsSha1.toString('hex').toUpperCase()]: {
            Cert: streams(signature.certificates),
            ...(signature.crls.length ? { CRL: streams(signature.crls) } : {}),
            ...(signature.ocspResponses.length ? { OCSP: streams(signature.ocspResponses) } : {}),
          },
        },
      }
    : {};
  const dss = context.obj({
    Type: 'DSS',
    Certs: certs,
    ...(crls.length ? { CRLs: crls } : {}),
    ...(ocsps.length ? { OCSPs: ocsps } : {}),
    ...vri,
  });
  doc.catalog.set(PDFName.of('DSS'), context.register(dss));
  return [context.trailerInfo.Root as PDFRef];
}
