import { createDevMailbox } from './dev-mailbox.ts';
import type { Mailer } from './message.ts';
import { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';

export interface MailerConfig {
  /** When set (and not blank), mail goes out over SMTP. */
  smtpUrl?: string;
  /** Where the dev mailbox stores messages when there is no SMTP URL. */
  devMailboxDir: string;
  smtp?: SmtpMailerOptions;
}

/** SMTP when a URL is given, the dev mailbox otherwise. */
export function createMailer(config: MailerConfig): Mailer {
  const url = config.smtpUrl?.trim();
  return url ? createSmtpMailer(url, config.smtp) : createDevMailbox(config.devMailboxDir);
}
