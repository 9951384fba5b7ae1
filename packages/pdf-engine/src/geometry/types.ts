/**
 * Coordinates used everywhere in this package ("display coordinates"): PDF points (1/72 inch),
 * origin at the top-left corner of the page as a viewer shows it (after /Rotate, relative to
 * the crop box), x growing to the right and y growing downward.
 *
 * /UserUnit: display coordinates are true points, i.e. user-space units multiplied by the page's
 * /UserUnit (1 on nearly every page). A page with /UserUnit 72 and a 8.5 x 11 unit crop box is
 * 612 x 792 points here, so layout can use physical sizes everywhere. The conversion helpers in
 * `convert.ts` divide by /UserUnit on the way back to user space.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box in PDF default user space: [llx, lly, urx, ury], normalized (ll < ur). */
export type PdfBox = [number, number, number, number];

/** Affine matrix in PDF order [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = [number, number, number, number, number, number];

export type Rotation = 0 | 90 | 180 | 270;

/**
 * What a content box holds. `path` is vector art (lines, fills); `annotation` is a visible
 * annotation such as a form widget or a stamp (links and popups are left out).
 */
export type ContentKind = 'text' | 'image' | 'path' | 'annotation';

export interface ContentBox extends Rect {
  kind: ContentKind;
}

export interface PageGeometry {
  /** 1-based page number. */
  page: number;
  /** Displayed width and height in points: after rotation, of the crop box, times /UserUnit. */
  width: number;
  height: number;
  /** Effective /Rotate (inherited values included), normalized to 0, 90, 180 or 270. */
  rotation: Rotation;
  /** /UserUnit of the page (1 when absent). */
  userUnit: number;
  /** The visible region in user space: the crop box clipped to the media box (as viewers do). */
  cropBox: PdfBox;
  /** The media box in user space (inherited values included). */
  mediaBox: PdfBox;
  /** Text runs, images, vector art and visible annotations, in display coordinates, clipped to the page. */
  content: ContentBox[];
  /**
   * False when the page's contents were not read: inspection reads contents for at most half
   * its time limit, so very long or very heavy documents get the rest of their pages measured
   * without content. Layout then assumes the usual margins are free.
   */
  contentMeasured: boolean;
}
