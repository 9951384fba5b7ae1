import { z } from '@hono/zod-openapi';
import { arrayOf, issueMessages, nullableString, strictObject, textString } from './common.ts';
import { SessionsSendRowSchema } from './sessions-send.ts';

/**
 * Every machine-readable `error` code the service answers with, its HTTP status and what it means. This is the
 * one code -> status map of the service: handlers throw a code, the API looks the status up here.
 * Codes and statuses the spec leaves open ("the complete list of error codes: not shown") are our choices.
 */
// biome-ignore format: a table, one row per code
const catalog = {
  invalid_request:            [400, 'The body failed validation or the request is malformed.'],
  invalid_grant:              [400, 'The refresh token is unknown, revoked or malformed (RFC 6749 5.2).'],
  unmapped_placeholders:      [400, 'A template placeholder role has no matching recipient (spec 4.2).'],
  unknown_recipient_label:    [400, "A recipient's label matches no placeholder role of the template."],
  unknown_field_label:        [400, 'A prefill label (with its document/recipient restriction) matches no field of the template.'],
  invalid_field_value:        [400, 'A checkbox field was given a value other than true or false.'],
  template_invalid:           [400, 'A template definition is wrong: unknown document, page out of range, field outside its page, unknown or duplicate role, malformed text tag... `message` names each problem.'],
  drive_not_connected:        [400, 'No cloud drive is connected to the integration account.'],
  cloud_file_not_found:       [400, 'A cloud file id is unknown or not accessible to the account.'],
  cloud_file_too_large:       [400, 'A cloud file is larger than the service accepts.'],
  cloud_file_not_pdf:         [400, 'A cloud file is not a PDF (e.g. a native Google document).'],
  // Reusing a key with another body is a semantic error on a well-formed request: 422 (as the IETF
  // Idempotency-Key draft says); a retry while the first is still running is a conflict (409).
  idempotency_key_reused:     [422, 'The Idempotency-Key was already used with a different request body.'],
  unsafe_webhook_url:         [400, 'The webhook URL is not http(s), carries credentials, or its host is or resolves to a loopback, private, link-local, CGNAT, multicast or reserved address.'],
  unauthorized:               [401, 'The bearer access token is missing, invalid or expired.'],
  not_found:                  [404, 'No such route or resource.'],
  template_not_found:         [404, 'No template with this id was created by the integration account.'],
  session_not_found:          [404, 'No session with this id belongs to the integration account.'],
  send_not_found:             [404, 'No send with this Idempotency-Key was made by the integration account (in this mode) in the last 24 hours.'],
  webhook_not_found:          [404, 'No webhook endpoint with this id belongs to the integration account.'],
  webhook_delivery_not_found: [404, 'No delivery with this id belongs to the webhook endpoint.'],
  session_completed:          [409, 'Every signer has completed the session; it cannot be cancelled.'],
  session_active:             [409, 'The session is still active; only an ended session can be purged.'],
  legal_hold:                 [409, 'The session is under legal hold; it cannot be purged.'],
  idempotency_in_progress:    [409, 'A request with the same Idempotency-Key is still being processed.'],
  webhook_disabled:           [409, 'The webhook endpoint is disabled; enable it before redelivering or sending a test event.'],
  webhook_limit_reached:      [409, 'The account already has the maximum number of webhook endpoints.'],
  payload_too_large:          [413, 'The request body is larger than the service accepts.'],
  documents_rejected:         [422, 'Documents were rejected (encrypted, XFA, unreadable) before any session was created.'],
  all_rows_failed:            [422, 'Every signingRequests entry of an own-PDF send failed.'],
  template_not_ready:         [422, 'The template is not ready to send (a role without a signature field, a field off its page...): `message` names each problem by field label and role; nothing was created.'],
  // The spec shows no rate-limit or allowance status; 429 with Retry-After is what clients already handle.
  rate_limited:               [429, 'Too many requests; retry after the Retry-After delay.'],
  allowance_exhausted:        [429, "The account's API allowance is used up for the period."],
  internal_error:             [500, 'Unexpected failure; the body carries no internal detail.'],
  drive_unavailable:          [502, 'The cloud drive could not be reached or refused to answer.'],
  service_unavailable:        [503, 'A dependency (queue, database) is unavailable; retry later.'],
  send_timeout:               [503, 'The send did not finish in time; it may still complete, so retry with the same Idempotency-Key.'],
  // The signer API (/api/signing/{token}): our codes, the spec does not cover it.
  link_not_found:             [404, 'No signing link with this token.'],
  link_revoked:               [410, 'The signing link was revoked.'],
  session_cancelled:          [410, 'The session was cancelled; its links no longer work.'],
  session_expired:            [410, 'The session expired before every signer signed.'],
  session_declined:           [410, 'A signer declined the session; its links no longer work.'],
  session_purged:             [410, 'The session was purged; only its tombstone remains.'],
  download_expired:           [410, 'The session was completed too long ago for its link to offer the signed PDF.'],
  // 401 like the bearer routes ("authentication required"), but without WWW-Authenticate: the credential
  // is a one-time code, obtained through POST /api/signing/{token}/code.
  verification_required:      [401, 'The link needs a verified one-time code (signer cookie) for this.'],
  code_not_required:          [400, 'The session is public: no one-time code is needed.'],
  code_invalid:               [400, 'The one-time code is wrong; `attemptsLeft` says how many tries remain.'],
  code_expired:               [400, 'No live code: it expired, was used, or had too many wrong tries. Request a new one.'],
  code_locked:                [429, 'Too many wrong codes for this signer: no code is sent or accepted until Retry-After.'],
  not_your_turn:              [409, 'Sequential signing: another signer must sign first.'],
  already_signed:             [409, 'This signer has already signed.'],
  no_signature_field:         [409, 'The session gives this signer no signature field, so it cannot be signed; the sender must send a corrected document.'],
  fields_missing:             [400, 'Required fields of the signer are empty; `fieldIds` names them.'],
  field_not_allowed:          [400, "A value was sent for a field that is not the signer's to fill; `fieldIds` names them."],
  insufficient_contrast:      [400, 'The accent colour fails WCAG AA contrast (4.5:1) against white, the colour of text on it and of the page.'],
  invalid_logo:               [400, 'The logo is not a PNG or JPEG of at most 100 KB.'],
  invalid_signature:          [400, 'The adopted signature or initials is not short text or a PNG data URL of at most 300 KB.'],
  // The web app's people (members, cookie sessions, sign-in links): our codes.
  sign_in_link_invalid:       [400, 'The sign-in link is unknown, already used or expired: request a new one.'],
  setup_link_invalid:         [400, 'This is not the first-run setup link the server printed.'],
  setup_complete:             [410, 'The server has an account already, so its first-run setup link is spent: sign in instead.'],
  forbidden:                  [403, 'Not allowed: a test token on a live-only route, a route for signed-in members called with a token, or a cookie-authenticated write without a valid CSRF token or from another origin.'],
  insufficient_scope:         [403, 'The caller lacks the scope the route needs (`scope` names it; bearer answers carry `WWW-Authenticate: Bearer error="insufficient_scope"`).'],
  member_not_found:           [404, 'No member with this id belongs to the account.'],
  member_exists:              [409, 'A member with this email already belongs to the account.'],
  last_owner:                 [409, 'The account must keep at least one owner.'],
  member_session_not_found:   [404, 'No sign-in session with this id belongs to the member.'],
  passkey_not_found:          [404, 'No passkey with this id belongs to the member.'],
  passkey_failed:             [400, 'The passkey response could not be verified.'],
  template_version_conflict:  [409, 'The template was changed since the version this save is based on; `currentVersion` is the latest.'],
  refresh_token_not_found:    [404, 'No refresh token with this id belongs to the account.'],
  drive_file_not_found:       [404, 'No file with this id in the account drive.'],
  drive_oauth_failed:         [400, 'Connecting Google Drive failed: an unknown or expired state, or the code was refused.'],
  drive_oauth_not_configured: [409, 'Google Drive OAuth is not configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).'],
  sso_not_configured:         [404, 'No single sign-on is set up (or its domain is not verified yet) for this account or email domain.'],
  sso_domain_unverified:      [409, 'The TXT record `countersign-verification=<token>` was not found at the domain.'],
  sso_domain_taken:           [409, 'Another account already verified this domain for single sign-on.'],
  sso_failed:                 [400, "A single sign-on was refused: an unknown, used or expired attempt, another browser, or the identity provider's answer failed a check (signature, audience, recipient, time, replay, domain)."],
  sso_required:               [403, 'The account requires single sign-on for this address: emailed links and passkeys are turned off.'],
  document_not_ready:         [409, 'The signed PDF is still being prepared; retry after Retry-After.'],
  page_not_found:             [404, 'This page of the document is not drawn (yet) at that width: `pageImages` of the signing view lists what is.'],
} as const satisfies Record<string, readonly [status: number, description: string]>;

type Catalog = typeof catalog;
export type ErrorCode = keyof Catalog;
/** Every HTTP status an error code maps to. */
export type ErrorStatus = Catalog[ErrorCode][0];

/** All error codes, in catalog order. */
export const errorCodes = Object.keys(catalog) as ErrorCode[];

/** `ErrorCode.template_not_found === 'template_not_found'`: named constants for throw sites. */
export const ErrorCode = Object.fromEntries(errorCodes.map((code) => [code, code])) as {
  readonly [K in ErrorCode]: K;
};

/** The one code -> HTTP status map of the service (literal statuses, so Hono's `c.json` accepts them). */
export const errorStatus = Object.fromEntries(errorCodes.map((code) => [code, catalog[code][0]])) as {
  readonly [K in ErrorCode]: Catalog[K][0];
} satisfies Record<ErrorCode, number>;

/** One line per code, for docs and the OpenAPI description. */
export const errorDescription = Object.fromEntries(
  errorCodes.map((code) => [code, catalog[code][1]]),
) as Readonly<Record<ErrorCode, string>>;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(catalog, value);

// An enum in the document, so generated clients (packages/client) type `error` as the union of these codes.
const ErrorCodeSchema = z
  .enum(errorCodes as [ErrorCode, ...ErrorCode[]], {
    error: (issue) => (issue.input === undefined ? issueMessages.required : 'must be a known error code'),
  })
  .openapi('ErrorCode', {
    description:
      'Machine-readable error code; the list may grow, so treat an unknown code by its HTTP status.',
  });
const errorField = () => ErrorCodeSchema;

/** `{error, message?}`: the plain error body, and the start of those that add what the error is about. */
const errorBodyFields = {
  error: errorField(),
  message: textString().optional().openapi({ description: 'Human-readable detail.' }),
};

/** Spec 4.2 / 7: `{error, message?}` (400, 404, 503 of the template send and the token endpoint). */
export const ErrorResponseSchema = strictObject({
  ...errorBodyFields,
}).openapi('ErrorResponse', {
  description: 'Error body.',
  example: { error: 'template_not_found', message: 'template tpl_8f3a2c71 was not found' },
});
export type ErrorResponse = z.output<typeof ErrorResponseSchema>;

/** 403 of a route the caller may not call: `insufficient_scope` names the scope it lacks (docs/permissions.md). */
export const AccessErrorResponseSchema = strictObject({
  ...errorBodyFields,
  scope: textString().optional().openapi({
    description: 'With `insufficient_scope`: the scope the route needs.',
    example: 'sessions:send',
  }),
}).openapi('AccessErrorResponse', { description: 'Error body of a refused caller (403).' });

/** 409 `template_version_conflict` of a template save: the version it should have been based on. */
export const TemplateVersionConflictSchema = strictObject({
  ...errorBodyFields,
  currentVersion: z.number().int().min(1).openapi({ description: 'The latest version of the template.' }),
}).openapi('TemplateVersionConflict', { description: 'Error body of a stale template save.' });

/** Spec 4.3 / 4.4 / 7: the session endpoints' error body, which may name the cloud file at fault. */
export const SessionErrorResponseSchema = strictObject({
  ...errorBodyFields,
  cloudFileId: textString().optional().openapi({ description: 'The cloud file the error is about.' }),
}).openapi('SessionErrorResponse', {
  description: 'Error body of the session endpoints (400, 404, 409, 502, 503).',
  example: {
    error: 'cloud_file_not_found',
    message: 'cloud file 1Zx8kQ4rT7yWm2NvB5cD9eFgHjK3LpQ0s was not found',
    cloudFileId: '1Zx8kQ4rT7yWm2NvB5cD9eFgHjK3LpQ0s',
  },
});
export type SessionErrorResponse = z.output<typeof SessionErrorResponseSchema>;

export const FailedDocumentSchema = strictObject({
  cloudFileId: nullableString(),
  filename: textString(),
  reason: textString().openapi({
    description: 'Why the document was rejected: `encrypted`, `xfa`, `load-failed`...',
  }),
  message: textString().openapi({ description: 'Human-readable detail.' }),
}).openapi('FailedDocument', { description: 'A document rejected before any session was created.' });
export type FailedDocument = z.output<typeof FailedDocumentSchema>;

/** Spec 4.3: the own-PDF send's 422 body. */
export const SessionsSendRejectedResponseSchema = strictObject({
  error: errorField(),
  message: textString().openapi({ description: 'Human-readable detail (required on 422).' }),
  failedDocuments: arrayOf(FailedDocumentSchema)
    .optional()
    .openapi({ description: 'Present when documents were rejected before any session was created.' }),
  rows: arrayOf(SessionsSendRowSchema)
    .optional()
    .openapi({ description: 'Present when every row failed; the row shape of the 200/207 body.' }),
})
  .refine((body) => body.failedDocuments !== undefined || body.rows !== undefined, {
    error: 'must have failedDocuments or rows',
  })
  .openapi('SessionsSendRejectedResponse', {
    description:
      'Nothing was created: documents were rejected (encrypted, XFA or unreadable PDFs: `failedDocuments`) ' +
      'or every row failed (`rows`).',
    example: {
      error: 'documents_rejected',
      message: '1 document was rejected',
      failedDocuments: [
        {
          cloudFileId: '1Zx8kQ4rT7yWm2NvB5cD9eFgHjK3LpQ0s',
          filename: 'scanned-contract.pdf',
          reason: 'encrypted',
          message: 'the PDF is encrypted; remove the password and send it again',
        },
      ],
    },
  });
export type SessionsSendRejectedResponse = z.output<typeof SessionsSendRejectedResponseSchema>;
