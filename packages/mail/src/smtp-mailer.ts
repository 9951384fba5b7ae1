import { createTransport } from 'nodemailer';
import { assertValidMessage, type Mailer, type MailMessage, toNodemailerOptions } from './message.ts';
import { partialRejectionError, toMailError } from './smtp-errors.ts';

export interface SmtpMailerOptions {
  /** Pooled connections kept open to the server. Default 3. */
  maxConnections?: number;
  /** TCP connect. Default 10 s. */
  connectionTimeoutMs?: number;
  /** Wait for the server's 220 greeting. Default 10 s. */
  greetingTimeoutMs?: number;
  /** Inactivity on an open connection. Default 30 s. */
  socketTimeoutMs?: number;
  /** Cap on one whole send, queueing in the pool included (a server trickling replies beats socketTimeoutMs). Default 60 s. */
  sendTimeoutMs?: number;
  /** Hostname announced in EHLO. Default: the machine's hostname. */
  name?: string;
}

/**
 * SMTP mailer from a URL such as `smtps://user:pass@smtp.example.com:465` or
 * `smtp://smtp.example.com:587` (STARTTLS when offered). Credentials in the URL are
 * percent-decoded. Errors surface as MailRejectedError or MailTransientError.
 */
export function createSmtpMailer(url: string, opts: SmtpMailerOptions = {}): Mailer {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Never echo the URL: it may hold a password.
    throw new TypeError('SMTP URL is not a valid URL');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new TypeError(`SMTP URL must use smtp: or smtps:, got ${protocol}`);
  }
  const sendTimeoutMs = opts.sendTimeoutMs ?? 60_000;
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: opts.maxConnections ?? 3,
    connectionTimeout: opts.connectionTimeoutMs ?? 10_000,
    greetingTimeout: opts.greetingTimeoutMs ?? 10_000,
    socketTimeout: opts.socketTimeoutMs ?? 30_000,
    dnsTimeout: opts.connectionTimeoutMs ?? 10_000,
    // A refused connection fails the send at once rather than being requeued in the pool.
    maxRequeues: 1,
    ...(opts.name ? { name: opts.name } : {}),
  });

  return {
    async send(msg: MailMessage): Promise<void> {
      assertValidMessage(msg);
      const info = await transport
        .sendMail({ ...toNodemailerOptions(msg), signal: AbortSignal.timeout(sendTimeoutMs) })
        .catch((err: unknown) => {
          throw toMailError(err);
        });
      const partial = partialRejectionError(msg.to, info.rejected, info.rejectedErrors ?? []);
      if (partial) throw partial;
    },
    async close(): Promise<void> {
      transport.close();
    },
  };
}
