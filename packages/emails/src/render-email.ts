import type { EmailContent } from './content.ts';
import { renderHtml } from './html-layout.ts';
import { ccCopy } from './kinds/cc-copy.ts';
import { invite, nextSigner } from './kinds/invites.ts';
import { memberInvite } from './kinds/member-invite.ts';
import { otpCode } from './kinds/otp-code.ts';
import { cancelled, completed, declined, receipt, signed } from './kinds/outcomes.ts';
import { sentCompleted, sentDeclined } from './kinds/sent-outcomes.ts';
import { reminder, upcoming } from './kinds/waiting.ts';
import { renderText } from './text-layout.ts';
import type { EmailMessage, RenderedEmail } from './types.ts';

/** Each kind's content, by kind: the mapped type makes a new kind without content a type error. */
const contentOf: {
  [K in EmailMessage['kind']]: (message: Extract<EmailMessage, { kind: K }>) => EmailContent;
} = {
  invite,
  next_signer: nextSigner,
  upcoming,
  signed,
  completed,
  declined,
  cancelled,
  reminder,
  otp_code: otpCode,
  receipt,
  cc_copy: ccCopy,
  member_invite: memberInvite,
  sent_completed: sentCompleted,
  sent_declined: sentDeclined,
};

// TypeScript cannot tie `message.kind` to the matching entry's parameter type; the map's type does that.
const content = (message: EmailMessage): EmailContent =>
  (contentOf[message.kind] as (message: EmailMessage) => EmailContent)(message);

/**
 * Subject, plain-text and HTML parts for one recipient. Pure: no I/O, same input, same output.
 * Throws EmailRenderError for a message no sound email can be made from (bad URL, bad code...).
 */
export function renderEmail(message: EmailMessage): RenderedEmail {
  const c = content(message);
  return { subject: c.subject, text: renderText(c), html: renderHtml(c) };
}
