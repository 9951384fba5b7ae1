export { createMailer, type MailerConfig } from './create-mailer.ts';
export { createDevMailbox, type DevMailbox, devMailFiles, type StoredMail } from './dev-mailbox.ts';
export {
  type MailError,
  type MailRejectedCode,
  MailRejectedError,
  type MailTransientCode,
  MailTransientError,
} from './errors.ts';
export type { MailAddress, MailAttachment, Mailer, MailMessage } from './message.ts';
export { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';
