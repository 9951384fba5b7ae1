/** The part of a participant an automatic field is filled from. */
export interface AutomaticFieldOwner {
  name: string;
  signedAt: number | null;
}

/**
 * The one rule for automatic fields: a `date` field carries the day its owner signed and a `name` field their
 * name, both only once they have signed (null before). `formatDay` is the caller's rendering of that day: ISO
 * for the signing API, the session's language for the stamped PDF.
 */
export function automaticFieldValue(
  type: string,
  owner: AutomaticFieldOwner | undefined,
  formatDay: (signedAt: number) => string,
): string | null {
  if (owner?.signedAt == null) return null;
  if (type === 'date') return formatDay(owner.signedAt);
  if (type === 'name') return owner.name;
  return null;
}
