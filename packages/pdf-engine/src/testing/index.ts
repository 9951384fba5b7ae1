export { startTestCa, type TestCa, type TestCaMode, type TestTsaCertificate } from './ca.ts';
export { startCaIssuedTsa } from './ca-issued-tsa.ts';
export { drawFieldMarks, MARK_COLOR } from './field-marks.ts';
export { type MakePdfOptions, makePdf, makeTextDocument, type PageSizeOption } from './make-pdf.ts';
export { manyObjectPdf } from './many-objects.ts';
export { extractedContains, MULTI_SCRIPT_VALUES } from './scripts.ts';
export { addSignatureFormField } from './signature-field.ts';
export { textFieldPdf } from './text-field-pdf.ts';
export { startTestTsa, type TestTsa, type TestTsaMode } from './tsa.ts';
