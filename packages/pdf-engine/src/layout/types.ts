export type FieldKind = 'initials' | 'signature' | 'date' | 'name';

/** One field to fill, in display coordinates (points, top-left origin, y down) of its page. */
export interface FieldPlacement {
  /** 0-based index of the signer the field belongs to. */
  signer: number;
  kind: FieldKind;
  /** 1-based page number; pages after the document's last page are the appended signature pages. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Size of the appended signature pages. */
export type SignaturePageSize = 'letter' | 'a4';

export interface LayoutOptions {
  /** Default 'letter' (612 x 792 pt); 'a4' is 595.28 x 841.89 pt. Both portrait. */
  signaturePageSize?: SignaturePageSize;
}

/** Most signers one layout accepts (initials for each of them go on every page). */
export const MAX_SIGNERS = 100;
