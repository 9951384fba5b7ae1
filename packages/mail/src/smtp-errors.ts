import type { NodemailerError } from 'nodemailer';
import { type MailError, MailRejectedError, MailTransientError } from './errors.ts';

const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY', 'EPROTOCOL']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'EABORT']);
const BAD_MESSAGE_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'ESTREAM', 'EOTP', 'EMAXRECIPIENTS']);

function isNodemailerError(err: unknown): err is NodemailerError {
  return err instanceof Error;
}

/** Maps whatever nodemailer threw onto our two classes: permanent (5xx) or worth retrying. */
export function toMailError(err: unknown): MailError {
  if (!isNodemailerError(err)) {
    return new MailTransientError('send_failed', `mail send failed: ${String(err)}`);
  }
  const reply = { responseCode: err.responseCode ?? null, serverResponse: err.response ?? null };
  const rejected = err.rejected ?? [];
  // Bad credentials are the operator's to fix; retrying keeps the mail until they do.
  if (err.code === 'EAUTH' || err.code === 'ENOAUTH') {
    return new MailTransientError('auth_failed', err.message, reply, { cause: err });
  }
  if (typeof err.responseCode === 'number') {
    const permanent = err.permanent ?? err.responseCode >= 500;
    if (!permanent) {
      return new MailTransientError(
        'temporarily_rejected',
        err.message,
        { ...reply, rejected },
        { cause: err },
      );
    }
    const code =
      err.command === 'RCPT TO'
        ? 'recipient_rejected'
        : err.command === 'MAIL FROM'
          ? 'sender_rejected'
          : 'message_rejected';
    return new MailRejectedError(code, err.message, { ...reply, rejected }, { cause: err });
  }
  if (err.code && TIMEOUT_CODES.has(err.code)) {
    return new MailTransientError('timeout', err.message, reply, { cause: err });
  }
  if (err.code && CONNECTION_CODES.has(err.code)) {
    return new MailTransientError('connection_failed', err.message, reply, { cause: err });
  }
  // Refused by nodemailer itself before any server saw it (bad address, bad content).
  if (err.code && BAD_MESSAGE_CODES.has(err.code)) {
    return new MailRejectedError('invalid_message', err.message, reply, { cause: err });
  }
  return new MailTransientError('send_failed', err.message, reply, { cause: err });
}

/**
 * Partial rejection policy: nodemailer succeeds when at least one recipient was accepted.
 * We fail the send when any `to` recipient was refused (a refused cc is tolerated): the
 * `to` recipients are the people the message is for. 5xx for one of them is permanent;
 * only 4xx is transient, and a retry then reaches the accepted recipients again under the
 * same Message-ID.
 */
export function partialRejectionError(
  to: string[],
  rejected: string[],
  rejectedErrors: NodemailerError[],
): MailError | null {
  const wanted = new Set(to.map((a) => a.toLowerCase()));
  const refusedTo = rejected.filter((a) => wanted.has(a.toLowerCase()));
  if (refusedTo.length === 0) return null;
  const errors = rejectedErrors.filter((e) => e.recipient && wanted.has(e.recipient.toLowerCase()));
  const permanent = errors.find((e) => e.permanent ?? (e.responseCode ?? 0) >= 500);
  const first = permanent ?? errors[0];
  const reply = {
    responseCode: first?.responseCode ?? null,
    serverResponse: first?.response ?? null,
    rejected: refusedTo,
  };
  const message = `recipient refused: ${refusedTo.join(', ')}${first?.response ? `: ${first.response}` : ''}`;
  return permanent
    ? new MailRejectedError('recipient_rejected', message, reply)
    : new MailTransientError('temporarily_rejected', message, reply);
}
