/** Why a message was refused for good: sending it again would fail the same way. */
export type MailRejectedCode =
  | 'recipient_rejected'
  | 'sender_rejected'
  | 'message_rejected'
  | 'invalid_message';

/** Why a send failed in a way a later attempt may not: the caller should retry with backoff. */
export type MailTransientCode =
  | 'connection_failed'
  | 'timeout'
  | 'temporarily_rejected'
  | 'auth_failed'
  | 'send_failed';

interface ServerReply {
  /** SMTP reply code, null when the failure carried no server reply. */
  responseCode?: number | null;
  /** The server's reply text, as received. */
  serverResponse?: string | null;
  /** Recipients the server refused, when the failure concerns recipients. */
  rejected?: string[];
}

/** What both kinds of mail failure carry: why (`code`), and the server's reply when there was one. */
abstract class MailFailure<Code extends MailRejectedCode | MailTransientCode> extends Error {
  readonly responseCode: number | null;
  readonly serverResponse: string | null;
  readonly rejected: string[];

  constructor(
    readonly code: Code,
    message: string,
    reply: ServerReply = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.responseCode = reply.responseCode ?? null;
    this.serverResponse = reply.serverResponse ?? null;
    this.rejected = reply.rejected ?? [];
  }
}

/** Permanent failure: the server refused the message, its sender or a `to` recipient with a 5xx. */
export class MailRejectedError extends MailFailure<MailRejectedCode> {
  override readonly name = 'MailRejectedError';
}

/** Temporary failure (connection refused, timeout, 4xx, bad credentials): retry later. */
export class MailTransientError extends MailFailure<MailTransientCode> {
  override readonly name = 'MailTransientError';
}

export type MailError = MailRejectedError | MailTransientError;
