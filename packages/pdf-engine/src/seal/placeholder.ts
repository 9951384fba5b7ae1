import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import type { SealOptions } from './types.ts';

const SIGNATURES_EXIST_APPEND_ONLY = 3;
const PRINT_LOCKED = 4 | 128;

/**
 * Adds an invisible signature field to `page` whose value is a signature dictionary with
 * room for `contentsBytes` of CMS. Touches no form API: only the catalog's /AcroForm entry.
 * Returns the existing objects it changed in place (new ones are found as new).
 */
export function addSignaturePlaceholder(
  doc: PDFDocument,
  page: PDFPage,
  options: SealOptions,
  contentsBytes: number,
): PDFRef[] {
  const text = (value: string) => PDFHexString.fromText(value);
  // Key order matters to the signer: /ByteRange comes before /Contents.
  const signature = doc.context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    ...byteRangeAndContents(contentsBytes),
    M: PDFString.fromDate(options.signingTime ?? new Date()),
    Name: text(options.name),
    Reason: text(options.reason),
    ...(options.location ? { Location: text(options.location) } : {}),
    ...(options.contactInfo ? { ContactInfo: text(options.contactInfo) } : {}),
    Prop_Build: { App: { Name: 'Countersign' } },
    ...(options.auditChainHead ? { Countersign_AuditChainHead: PDFString.of(options.auditChainHead) } : {}),
  });
  return addSignatureField(doc, page, signature, 'Countersign seal');
}

/** A /ByteRange placeholder for @signpdf to fill, then a zeroed /Contents hole of `contentsBytes`. */
export function byteRangeAndContents(contentsBytes: number) {
  const range = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  return {
    ByteRange: [0, range, range, range],
    Contents: PDFHexString.of('0'.repeat(contentsBytes * 2)),
  };
}

/**
 * Registers `signature` as the value of a new invisible signature field, in the AcroForm and, when `page`
 * is given, in that page's annotations. Returns the existing objects it changed in place.
 */
export function addSignatureField(
  doc: PDFDocument,
  page: PDFPage | null,
  signature: PDFDict,
  label: string,
): PDFRef[] {
  const { context } = doc;
  const changed: PDFRef[] = [];
  const acroFormEntry = doc.catalog.get(PDFName.of('AcroForm'));
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const fieldCount = acroForm?.lookupMaybe(PDFName.of('Fields'), PDFArray)?.size() ?? 0;
  const text = (value: string) => PDFHexString.fromText(value);
  const appearance = context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} });
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: text(`${label} ${fieldCount + 1}`),
      V: context.register(signature),
      Rect: [0, 0, 0, 0],
      F: PRINT_LOCKED,
      ...(page ? { P: page.ref } : {}),
      AP: { N: context.register(appearance) },
    }),
  );
  if (page) addToPage(page, widget, changed);

  const catalogRef = context.trailerInfo.Root as PDFRef;
  if (!acroForm) {
    const created = context.obj({ Fields: [widget], SigFlags: SIGNATURES_EXIST_APPEND_ONLY });
    doc.catalog.set(PDFName.of('AcroForm'), context.register(created));
    changed.push(catalogRef);
    return changed;
  }
  changed.push(acroFormEntry instanceof PDFRef ? acroFormEntry : catalogRef);
  const flags = acroForm.lookupMaybe(PDFName.of('SigFlags'), PDFNumber)?.asNumber() ?? 0;
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(flags | SIGNATURES_EXIST_APPEND_ONLY));
  const fieldsEntry = acroForm.get(PDFName.of('Fields'));
  const fields = acroForm.lookupMaybe(PDFName.of('Fields'), PDFArray);
  if (fields) {
    fields.push(widget);
    if (fieldsEntry instanceof PDFRef) changed.push(fieldsEntry);
  } else {
    acroForm.set(PDFName.of('Fields'), context.obj([widget]));
  }
  return changed;
}

/** Appends `widget` to the page's /Annots, noting which existing object that changed. */
function addToPage(page: PDFPage, widget: PDFRef, changed: PDFRef[]): void {
  const annots = page.node.get(PDFName.of('Annots'));
  const annotsArray = annots ? page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) : undefined;
  if (annots instanceof PDFRef && annotsArray) {
    annotsArray.push(widget);
    changed.push(annots);
  } else {
    page.node.set(PDFName.of('Annots'), annotsArray ? annotsArray : page.doc.context.obj([]));
    page.node.lookup(PDFName.of('Annots'), PDFArray).push(widget);
    changed.push(page.ref);
  }
}
