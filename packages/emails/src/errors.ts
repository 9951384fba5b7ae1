export type EmailRenderErrorCode = 'invalid_message';

/** The message cannot make a sound email (bad URL, impossible count, malformed code): a caller bug. */
export class EmailRenderError extends Error {
  override readonly name = 'EmailRenderError';

  constructor(
    readonly code: EmailRenderErrorCode,
    message: string,
  ) {
    super(message);
  }
}
