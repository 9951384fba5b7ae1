import type { Mailer } from './message.ts';
import { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';
import type { DevMailbox } from './stored-mail.ts';

export interface MailerConfig {
  /** When set (and not blank), mail goes out over SMTP. */
  smtpUrl?: string;
  /** Where messages are kept when there is no SMTP URL (files or a table: the caller's choice). */
  devMailbox: DevMailbox;
  smtp?: SmtpMailerOptions;
}

/** SMTP when a URL is given, the dev mailbox otherwise. */
export function createMailer(config: MailerConfig): Mailer {
  const url = config.smtpUrl?.trim();
  return url ? createSmtpMailer(url, config.smtp) : config.devMailbox;
}
