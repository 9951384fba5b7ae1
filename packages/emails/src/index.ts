export { EmailRenderError, type EmailRenderErrorCode } from './errors.ts';
export { escapeHtml } from './escape.ts';
export {
  MESSAGE_TEMPLATE_MAX_LENGTH,
  MESSAGE_TEMPLATE_PLACEHOLDERS,
  type MessageTemplatePlaceholder,
  type MessageTemplateProblemCode,
  type MessageTemplateValidation,
  validateMessageTemplate,
} from './message-template.ts';
export { renderEmail } from './render-email.ts';
export { EMAIL_CATALOGUES, LOCALES } from './strings/index.ts';
export { SUBJECT_MAX_LENGTH } from './subject.ts';
export type {
  CancelledEmail,
  CcCopyEmail,
  CompletedEmail,
  DeclinedEmail,
  EmailBase,
  EmailKind,
  EmailMessage,
  InviteCustomization,
  InviteEmail,
  Locale,
  MemberInviteEmail,
  NextSignerEmail,
  OtpCodeEmail,
  ReminderEmail,
  RenderedEmail,
  SignedEmail,
  SigningType,
  UpcomingEmail,
} from './types.ts';
