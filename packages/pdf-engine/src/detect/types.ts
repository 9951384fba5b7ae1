import type { FieldType } from '@countersign/schemas/field-types';
import type { Rect } from '../geometry/types.ts';

/** Field kinds detection can produce: the template field types of the service. */
export {
  type FieldType as DetectedFieldType,
  fieldTypes as detectedFieldTypes,
} from '@countersign/schemas/field-types';

/**
 * A fillable field found in a PDF. Rectangles are display coordinates (points from the top-left of the page
 * as displayed), like every rectangle of this package.
 */
export interface DetectedField extends Rect {
  source: 'acroform' | 'tag';
  label: string;
  type: FieldType;
  /** The role named by the field (`Role:Label` form field names, `role=` in tags), or null (sender-filled). */
  role: string | null;
  /** As the tag says; null when not stated (the caller applies its default). */
  required: boolean | null;
  /** 1-based page number. */
  page: number;
  /** The form field's full name, or the tag text as written (`{{Company;type=text}}`). */
  origin: string;
}

/** How a text tag was made invisible in the prepared document. */
export type TagHiding =
  /** The tag's glyphs were taken out of the page's content stream: not drawn, not extractable. */
  | 'removed'
  /** The tag is covered by an opaque white rectangle: invisible, but text extraction still finds it. */
  | 'covered';

export interface DetectedTag {
  text: string;
  page: number;
  /** The tag's glyph box in display coordinates. */
  box: Rect;
  hiding: TagHiding;
}

/** A tag that could not be read, with the reason; the document is still processed. */
export interface TagProblem {
  page: number;
  text: string;
  message: string;
}

export interface DetectResult {
  /** Form fields first (page order), then tags (page, then content order). */
  fields: DetectedField[];
  tags: DetectedTag[];
  problems: TagProblem[];
  /** The document with every tag hidden, or null when there were no tags (the source is the prepared file). */
  prepared: Uint8Array | null;
}

export interface DetectOptions {
  /** Wall-clock budget for one document (default 60 s). */
  timeoutMs?: number;
}
