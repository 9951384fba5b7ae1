import { z } from '@hono/zod-openapi';
import { arrayOf, nonEmptyString, oneOf, readableText, strictObject, textString } from './common.ts';
import { fieldTypes } from './field-types.ts';
import { REASON_MAX_LENGTH } from './limits.ts';
import { isoTime } from './read-fields.ts';

// The signer API (/api/signing/{token}): keyed by the signing-link token, used by the signing page and by
// integrators who build their own signing screen. Not in the spec (part 1 only says a signer is verified by
// a one-time code unless the link is public), so every shape here is ours.

/** A typed signature is a name, not an essay. */
export const TYPED_SIGNATURE_MAX_LENGTH = 100;
/** A drawn signature is a PNG of at most 300 KB (decoded). */
export const DRAWN_SIGNATURE_MAX_BYTES = 300 * 1024;
/** The data URL of the largest PNG we accept: base64 grows 4/3, plus the `data:image/png;base64,` prefix. */
export const DRAWN_SIGNATURE_MAX_LENGTH = Math.ceil(DRAWN_SIGNATURE_MAX_BYTES / 3) * 4 + 22;
/** A signer's entry in one text field. */
export const SIGNER_VALUE_MAX_LENGTH = 1_000;
/** Fields a signer fills in one submission (a long form, but bounded). */
export const SIGNER_VALUES_MAX = 2_000;
export const OTP_CODE_LENGTH = 6;

export const signatureKinds = ['typed', 'drawn'] as const;

export const AdoptedSignatureSchema = strictObject({
  kind: oneOf(signatureKinds).openapi({
    description: '`typed`: the text is the signature; `drawn`: a PNG drawn by the signer.',
  }),
  value: z
    .string({ error: (i) => (i.input === undefined ? 'required' : 'must be a string') })
    .min(1, { error: 'must not be empty' })
    .max(DRAWN_SIGNATURE_MAX_LENGTH, { error: 'is too large' })
    .openapi({
      description:
        `\`typed\`: 1 to ${TYPED_SIGNATURE_MAX_LENGTH} characters. \`drawn\`: a \`data:image/png;base64,...\` ` +
        `URL of a PNG of at most ${DRAWN_SIGNATURE_MAX_BYTES / 1024} KB.`,
    }),
}).openapi('AdoptedSignature', {
  description: 'A signature (or initials) adopted once and applied to every field of its kind.',
  example: { kind: 'typed', value: 'Jane Doe' },
});
export type AdoptedSignature = z.output<typeof AdoptedSignatureSchema>;

export const SigningFieldSchema = z
  .object({
    id: z.string(),
    documentId: z.string(),
    type: z.enum(fieldTypes),
    label: z.string(),
    page: z.int().openapi({ description: '1-based page of the document.' }),
    rect: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).openapi({
      description: 'Points from the top-left corner of the page as displayed (rotation applied).',
    }),
    required: z.boolean(),
    value: z.string().nullable().openapi({
      description:
        'Current value (sender prefill or a signer entry); null when empty. Signatures are not repeated here.',
    }),
    adopted: AdoptedSignatureSchema.nullable().openapi({
      description:
        'Signature and initials fields whose signer has signed: what they adopted (drawn on the page as signed, ' +
        'for them and for later signers). Null otherwise.',
    }),
    mine: z.boolean().openapi({ description: "The field belongs to this link's signer." }),
    automatic: z.boolean().openapi({ description: 'Filled by the service at signing (date signed, name).' }),
    readOnly: z.boolean().openapi({
      description:
        'The signer cannot send a value for it: not theirs, automatic, a signature or initials field (filled by ' +
        'the adopted signature or initials), or signing is not open to them now.',
    }),
  })
  .openapi('SigningField');
export type SigningField = z.output<typeof SigningFieldSchema>;

/**
 * A document's pages drawn ahead of time on the server (docs/signing-page.md, "Pages drawn ahead of time"):
 * images at a few pixel widths and each page's text, so a signing screen needs no PDF renderer.
 */
export const SigningPageImagesSchema = z
  .object({
    widths: z.array(z.int()).openapi({
      description: 'Pixel widths each page is drawn at, ascending (for a `srcset`).',
      example: [800, 1600],
    }),
    pages: z.array(z.object({ width: z.number(), height: z.number() })).openapi({
      description:
        "Each page's size in points as displayed (rotation applied), in page order: lay the pages out before " +
        'any image arrives.',
    }),
    url: z.string().openapi({
      description:
        'Base of the pages: GET `{url}/{page}?width={width}` for an image (WebP; `Content-Type` says), ' +
        "`{url}/{page}/text` for the page's text. Both with the signer cookie when a code is required, and " +
        'cacheable for good: a page never changes.',
    }),
  })
  .openapi('SigningPageImages');
export type SigningPageImages = z.output<typeof SigningPageImagesSchema>;

/** One run of a page's text, placed in fractions of the page (0 to 1 from the top-left corner as displayed). */
export const SigningPageTextItemSchema = z
  .object({
    text: z.string(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
  })
  .openapi('SigningPageTextItem');

export const SigningPageTextSchema = z
  .object({
    page: z.int(),
    items: z.array(SigningPageTextItemSchema).openapi({
      description: 'The text runs in reading order as the PDF gives them (pdf.js text content).',
    }),
  })
  .openapi('SigningPageText');
export type SigningPageText = z.output<typeof SigningPageTextSchema>;

export const SigningDocumentSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    pageCount: z.int(),
    pageImages: SigningPageImagesSchema.nullable().openapi({
      description:
        'The pages drawn ahead of time; null while they are being drawn or when they could not be: then draw ' +
        '`url` (the PDF) yourself.',
    }),
    url: z.string().openapi({
      description:
        'GET it with the signer cookie (or without, for public links): the prepared PDF while signing, the sealed ' +
        'signed PDF once the session is completed and `download.ready` is true.',
    }),
  })
  .openapi('SigningDocument');

/** Initials fields a signer can tap in one session: one per page of a long document, and a few more. */
export const SIGNER_INITIALED_MAX = 10_000;

export const SigningDraftSchema = strictObject({
  values: arrayOf(
    strictObject({
      fieldId: nonEmptyString(200),
      value: textString(SIGNER_VALUE_MAX_LENGTH),
    }),
    { max: SIGNER_VALUES_MAX },
  )
    .default([])
    .openapi({ description: "Entries in the signer's own fillable fields so far (same rules as signing)." }),
  signature: AdoptedSignatureSchema.nullable()
    .default(null)
    .openapi({ description: 'The adopted signature, once adopted.' }),
  initials: AdoptedSignatureSchema.nullable()
    .default(null)
    .openapi({ description: 'The adopted initials, once adopted.' }),
  initialed: arrayOf(nonEmptyString(200), { max: SIGNER_INITIALED_MAX })
    .default([])
    .openapi({
      description:
        "The signer's signature and initials fields they have tapped to place what they adopted (each one is " +
        'its own act).',
    }),
}).openapi('SigningDraft', {
  description: 'Work in progress, saved as the signer goes and restored when the page is reloaded.',
  example: {
    values: [{ fieldId: 'b0c1d2e3-0000-4000-8000-000000000001', value: 'Acme Ltd' }],
    signature: { kind: 'typed', value: 'Jane Doe' },
    initials: { kind: 'typed', value: 'JD' },
    initialed: ['b0c1d2e3-0000-4000-8000-000000000002'],
  },
});
export type SigningDraft = z.output<typeof SigningDraftSchema>;

export const signingStatusValues = ['active', 'completed'] as const;

export const SigningViewSchema = z
  .object({
    title: z.string(),
    test: z.boolean().openapi({
      description: 'A test session: not legally binding (docs/test-mode.md). Signing pages must say so.',
    }),
    senderName: z.string(),
    status: z.enum(signingStatusValues).openapi({
      description:
        'Links of cancelled, expired or declined sessions answer 410 instead; `completed` links answer for ' +
        'a limited period (see `download`).',
    }),
    signingType: z.enum(['parallel', 'sequential']),
    expiresAt: isoTime,
    participant: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      status: z.enum(['pending', 'notified', 'viewed', 'signed', 'declined']),
      signedAt: isoTime.nullable(),
    }),
    auth: z
      .object({
        required: z.boolean().openapi({ description: 'A one-time code is needed (the session is `otp`).' }),
        verified: z
          .boolean()
          .openapi({ description: 'This browser holds a verified signer cookie for the link.' }),
        locked: z
          .boolean()
          .openapi({ description: 'Too many wrong codes: no code is accepted until `lockedUntil`.' }),
        lockedUntil: isoTime.nullable(),
      })
      .openapi({
        description:
          'While `required` and not `verified`, `documents` and `fields` are empty: a forwarded link shows nothing.',
      }),
    yourTurn: z
      .boolean()
      .openapi({ description: 'Signing is open to this signer now (active, their turn, not signed).' }),
    waitingFor: z.array(z.object({ name: z.string() })).openapi({
      description: "Sequential signing: the signers whose turn it is, when it is not yet this signer's.",
    }),
    documents: z.array(SigningDocumentSchema),
    fields: z.array(SigningFieldSchema),
    draft: SigningDraftSchema.nullable().openapi({
      description:
        "What this signer saved with `PUT /api/signing/{token}/draft` and has not signed yet (only this signer's " +
        'link ever returns it). Null when nothing is saved or signing is not open to them.',
    }),
    download: z
      .object({
        ready: z.boolean().openapi({ description: 'False while the signed PDF is being prepared.' }),
        availableUntil: isoTime,
      })
      .nullable()
      .openapi({
        description:
          'Completed sessions: the signed PDFs, through `documents[].url`, until `availableUntil`.',
      }),
  })
  .openapi('SigningView');
export type SigningView = z.output<typeof SigningViewSchema>;

export const SigningCodeSentSchema = z
  .object({
    sent: z.literal(true),
    expiresAt: isoTime.openapi({ description: 'The code is valid until then (10 minutes).' }),
    resendAfter: isoTime.openapi({ description: 'A new code can be requested from then on.' }),
  })
  .openapi('SigningCodeSent');
export type SigningCodeSent = z.output<typeof SigningCodeSentSchema>;

export const SigningCodeVerifyRequestSchema = strictObject({
  code: z
    .string({ error: (i) => (i.input === undefined ? 'required' : 'must be a string') })
    .regex(/^\d{6}$/, { error: `must be ${OTP_CODE_LENGTH} digits` })
    .openapi({ description: 'The 6-digit code from the email.', example: '042917' }),
}).openapi('SigningCodeVerifyRequest');

export const SigningVerifiedSchema = z
  .object({
    verified: z.literal(true),
    expiresAt: isoTime.openapi({ description: 'The signer cookie is valid until then.' }),
  })
  .openapi('SigningVerified');

export const SigningSignRequestSchema = strictObject({
  values: arrayOf(
    strictObject({
      fieldId: nonEmptyString(200),
      value: textString(SIGNER_VALUE_MAX_LENGTH).openapi({ description: 'Checkboxes: `true` or `false`.' }),
    }),
    { max: SIGNER_VALUES_MAX },
  )
    .default([])
    .openapi({
      description:
        "Values of this signer's own fields (not signature, initials or automatic ones). A prefilled field of " +
        'the signer may be changed. Omitted fields keep their prefill.',
    }),
  signature: AdoptedSignatureSchema,
  initials: AdoptedSignatureSchema.optional().openapi({
    description: 'Applied to every initials field of the signer; derived from the name (typed) when omitted.',
  }),
  placed: arrayOf(nonEmptyString(200), { max: SIGNER_INITIALED_MAX })
    .optional()
    .openapi({
      description:
        'The signature and initials fields the signer placed one by one (the signing page asks for a tap on each). ' +
        'When given, every required signature and initials field of the signer must be in it (400 ' +
        '`fields_missing` otherwise), and the count is kept in the audit trail.',
    }),
}).openapi('SigningSignRequest', {
  example: {
    values: [{ fieldId: 'b0c1d2e3-0000-4000-8000-000000000001', value: 'Acme Ltd' }],
    signature: { kind: 'typed', value: 'Jane Doe' },
    initials: { kind: 'typed', value: 'JD' },
  },
});
export type SigningSignRequest = z.input<typeof SigningSignRequestSchema>;

export const SigningSignedSchema = z
  .object({
    signed: z.literal(true),
    signedAt: isoTime,
    sessionCompleted: z.boolean().openapi({
      description: 'Every signer has now signed; the signed PDF is being prepared.',
    }),
  })
  .openapi('SigningSigned');
export type SigningSigned = z.output<typeof SigningSignedSchema>;

export const SigningDraftSavedSchema = z
  .object({ saved: z.literal(true), updatedAt: isoTime })
  .openapi('SigningDraftSaved');

export const SigningDeclineRequestSchema = strictObject({
  reason: readableText(nonEmptyString(REASON_MAX_LENGTH), { multiLine: true }).optional(),
}).openapi('SigningDeclineRequest', { example: { reason: 'The start date is wrong.' } });

export const SigningDeclinedSchema = z.object({ declined: z.literal(true) }).openapi('SigningDeclined');

/** The signer API's error body: `{error, message}` plus what some errors add. */
export const SigningErrorResponseSchema = z
  .object({
    error: textString(),
    message: textString().optional(),
    attemptsLeft: z
      .int()
      .optional()
      .openapi({ description: '`code_invalid`: wrong tries left for this code.' }),
    fieldIds: z.array(z.string()).optional().openapi({
      description: '`fields_missing`, `field_not_allowed`, `invalid_field_value`: the fields at fault.',
    }),
    retryAfterSeconds: z.int().optional(),
  })
  .openapi('SigningErrorResponse', {
    example: { error: 'link_revoked', message: 'this signing link was revoked' },
  });
export type SigningErrorResponse = z.output<typeof SigningErrorResponseSchema>;

export const signingTokenParam = z
  .string()
  .min(1)
  .max(200)
  .openapi({
    param: { name: 'token', in: 'path' },
    description: 'The token of the signing link (`/s/<token>`).',
  });

export const SigningTextCheckRequestSchema = strictObject({
  values: arrayOf(
    strictObject({ fieldId: nonEmptyString(200), value: textString(SIGNER_VALUE_MAX_LENGTH) }),
    { max: SIGNER_VALUES_MAX },
  )
    .default([])
    .openapi({
      description: "Values of the signer's own fillable fields to check, as they would be sent to sign.",
    }),
  signature: AdoptedSignatureSchema.optional().openapi({
    description:
      "A typed signature is checked in each of the signer's signature fields (a drawing always fits).",
  }),
  initials: AdoptedSignatureSchema.optional().openapi({
    description: "Typed initials, checked in each of the signer's initials fields.",
  }),
}).openapi('SigningTextCheckRequest', {
  example: { values: [{ fieldId: 'b0c1d2e3-0000-4000-8000-000000000001', value: 'Acme Ltd' }] },
});

export const FieldTextFitSchema = z
  .object({
    fieldId: z.string(),
    ok: z.boolean().openapi({ description: 'The value is stamped as entered; signing will accept it.' }),
    size: z
      .number()
      .optional()
      .openapi({ description: 'Font size (points) it is stamped at, when it fits.' }),
    lines: z
      .int()
      .optional()
      .openapi({ description: 'Lines it is set on (wrapped after shrinking), when it fits.' }),
    problem: z
      .object({
        code: z.enum(['unsupported-characters', 'too-long']),
        message: z.string(),
        characters: z.array(z.string()).optional(),
      })
      .optional()
      .openapi({
        description: 'Why signing would refuse it: characters no font shows, or too long for the box.',
      }),
  })
  .openapi('FieldTextFit');
export type FieldTextFit = z.output<typeof FieldTextFitSchema>;

export const SigningTextCheckSchema = z
  .object({ fields: z.array(FieldTextFitSchema) })
  .openapi('SigningTextCheck');
export type SigningTextCheck = z.output<typeof SigningTextCheckSchema>;
