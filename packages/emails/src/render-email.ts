import type { EmailContent } from './content.ts';
import { renderHtml } from './html-layout.ts';
import { ccCopy } from './kinds/cc-copy.ts';
import { invite, nextSigner } from './kinds/invites.ts';
import { otpCode } from './kinds/otp-code.ts';
import { cancelled, completed, declined, receipt, signed } from './kinds/outcomes.ts';
import { reminder, upcoming } from './kinds/waiting.ts';
import { renderText } from './text-layout.ts';
import type { EmailMessage, RenderedEmail } from './types.ts';

function content(message: EmailMessage): EmailContent {
  switch (message.kind) {
    case 'invite':
      return invite(message);
    case 'next_signer':
      return nextSigner(message);
    case 'upcoming':
      return upcoming(message);
    case 'signed':
      return signed(message);
    case 'completed':
      return completed(message);
    case 'declined':
      return declined(message);
    case 'cancelled':
      return cancelled(message);
    case 'reminder':
      return reminder(message);
    case 'otp_code':
      return otpCode(message);
    case 'receipt':
      return receipt(message);
    case 'cc_copy':
      return ccCopy(message);
  }
}

/**
 * Subject, plain-text and HTML parts for one recipient. Pure: no I/O, same input, same output.
 * Throws EmailRenderError for a message no sound email can be made from (bad URL, bad code...).
 */
export function renderEmail(message: EmailMessage): RenderedEmail {
  const c = content(message);
  return { subject: c.subject, text: renderText(c), html: renderHtml(c) };
}
