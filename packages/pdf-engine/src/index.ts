export {
  closeDetector,
  createDetector,
  DetectError,
  type DetectErrorCode,
  type Detector,
  detectFields,
  startDetector,
} from './detect/detect.ts';
export { type ParsedTag, parseTag, TAG_PATTERN } from './detect/tag-syntax.ts';
export {
  type DetectedField,
  type DetectedFieldType,
  type DetectedTag,
  type DetectOptions,
  type DetectResult,
  detectedFieldTypes,
  type TagHiding,
  type TagProblem,
} from './detect/types.ts';
export { PdfEngineError, type PdfEngineErrorCode } from './errors.ts';
export { finalize } from './finalize/finalize.ts';
export { checkDrawnSignature } from './finalize/images.ts';
export type {
  AdoptedSignature,
  AuditInput,
  AuditSigner,
  FinalizeField,
  FinalizeFieldType,
  FinalizeInput,
  FinalizeResult,
} from './finalize/types.ts';
export {
  displayRectToUserBox,
  displaySize,
  displayToUserMatrix,
  displayToUserPoint,
  normalizeRotation,
  type PageFrame,
  userBoxToDisplayRect,
  userToDisplayMatrix,
  userToDisplayPoint,
} from './geometry/convert.ts';
export type {
  ContentBox,
  ContentKind,
  Matrix,
  PageGeometry,
  PdfBox,
  Rect,
  Rotation,
} from './geometry/types.ts';
export { sha256Hex } from './hash.ts';
export { closeDefaultInspector, inspect } from './inspect/inspect.ts';
export { createInspector, type Inspector, type InspectorOptions } from './inspect/inspector.ts';
export {
  DEFAULT_INSPECT_LIMITS,
  type InspectLimits,
  type InspectOk,
  type InspectRejected,
  type InspectResult,
  type RejectReason,
} from './inspect/types.ts';
export { INITIALS_BOX } from './layout/initials.ts';
export { layout } from './layout/layout.ts';
export { SIGNATURE_PAGE_SIZES } from './layout/signature-pages.ts';
export {
  type FieldKind,
  type FieldPlacement,
  type LayoutOptions,
  MAX_SIGNERS,
  type SignaturePageSize,
} from './layout/types.ts';
export {
  type ActiveContentKind,
  activeContentKinds,
  activeContentLabels,
} from './prepare/active-content.ts';
export { activeContentOf, type Prepared, type PrepareOptions, prepare } from './prepare/prepare.ts';
export {
  createPageRenderer,
  type PageRendererOptions,
  rendererReservationMb,
} from './raster/renderer.ts';
export type {
  PageRenderer,
  PageRenderOptions,
  PageTextItem,
  RenderedImage,
  RenderedPage,
} from './raster/types.ts';
export { generateSealCertificate, type SealCertificateRequest } from './seal/certificate.ts';
export { seal } from './seal/seal.ts';
export type { SealOptions } from './seal/types.ts';
export {
  checkFieldText,
  checkFieldTexts,
  type FieldTextCheck,
  type FieldTextItem,
  type FieldTextKind,
  type FieldTextProblem,
} from './text/field-text.ts';
export { SIGNATURE_FONT, signatureFontPath } from './text/font-files.ts';
export { createMemoryBudget, type MemoryBudget } from './threads/budget.ts';
export { reviveError, type SerializedError, serializeError } from './threads/errors.ts';
export { requestTimestamp, type Timestamp, tsaName } from './timestamp/tsa-client.ts';
export type { TsaOptions } from './timestamp/types.ts';
export {
  createPdfWriter,
  type PdfWriter,
  type PdfWriterOptions,
  SMALL_DOCUMENT_BYTES,
  writerReservationMb,
} from './writer/pool.ts';
