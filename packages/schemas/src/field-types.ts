/**
 * The kinds of template and signing fields: declared once here, imported by the database schema, the request
 * and response schemas and PDF field detection. No imports, so a worker thread or the database package can
 * take it (`@countersign/schemas/field-types`) without loading zod.
 */
export const fieldTypes = ['text', 'checkbox', 'date', 'signature', 'initials', 'name', 'email'] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Field types a sender may prefill; signatures and initials belong to the signer alone. */
export const prefillableFieldTypes: readonly FieldType[] = ['text', 'checkbox', 'date', 'name', 'email'];
export const isPrefillable = (type: string): boolean =>
  (prefillableFieldTypes as readonly string[]).includes(type);
