import { type PDFDocument, PDFName, type PDFRef } from 'pdf-lib';

/**
 * The Document Security Store (ISO 32000-2, 12.8.4.3; ETSI EN 319 142-1 5.4.2): the certificates and
 * revocation data a validator needs years later, when the TSA's and the seal's issuers may be gone.
 * Each item is a plain stream holding its DER. Returns the existing objects changed (the catalog).
 */
export function addDss(
  doc: PDFDocument,
  data: { certificates: Buffer[]; crls?: Buffer[]; ocspResponses?: Buffer[] },
): PDFRef[] {
  const { context } = doc;
  const streams = (items: Buffer[] = []) => {
    const seen = new Set<string>();
    return items
      .filter((der) => !seen.has(der.toString('base64')) && seen.add(der.toString('base64')))
      .map((der) => context.register(context.stream(der)));
  };
  const certs = streams(data.certificates);
  const crls = streams(data.crls);
  const ocsps = streams(data.ocspResponses);
  const dss = context.obj({
    Type: 'DSS',
    Certs: certs,
    ...(crls.length ? { CRLs: crls } : {}),
    ...(ocsps.length ? { OCSPs: ocsps } : {}),
  });
  doc.catalog.set(PDFName.of('DSS'), context.register(dss));
  return [context.trailerInfo.Root as PDFRef];
}
