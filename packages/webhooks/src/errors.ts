export type WebhookVerificationCode =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_outside_tolerance'
  | 'signature_mismatch';

/** The request is not a webhook signed by us (or is too old/new to accept). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly code: WebhookVerificationCode,
    message: string,
  ) {
    super(message);
  }
}

/** The secret given to sign or verify is not of the form `whsec_<base64>`: a configuration error. */
export class WebhookSecretError extends Error {
  override readonly name = 'WebhookSecretError';
  readonly code = 'invalid_secret';
}

export type UnsafeWebhookTargetCode =
  | 'invalid_url'
  | 'unsupported_protocol'
  | 'credentials_in_url'
  | 'unresolvable'
  | 'private_address';

/** A webhook URL we refuse to call: not http(s), carries credentials, or reaches a non-public address. */
export class UnsafeWebhookTargetError extends Error {
  override readonly name = 'UnsafeWebhookTargetError';
  constructor(
    readonly code: UnsafeWebhookTargetCode,
    message: string,
    /** The offending IP address, for `private_address`. */
    readonly address?: string,
  ) {
    super(message);
  }
}
