export { createMailer, type MailerConfig } from './create-mailer.ts';
export {
  type MailError,
  type MailRejectedCode,
  MailRejectedError,
  type MailTransientCode,
  MailTransientError,
} from './errors.ts';
export { createFileMailbox } from './file-mailbox.ts';
export {
  assertValidMessage,
  type MailAddress,
  type MailAttachment,
  type Mailer,
  type MailMessage,
} from './message.ts';
export { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';
export { createDevMailbox, type DevMailbox, type StoredMail } from './stored-mail.ts';
