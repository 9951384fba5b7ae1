import { checkedCount, checkedDate, checkedUrl } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { EmailRenderError } from '../errors.ts';
import { fitSubject } from '../subject.ts';
import type { ReminderEmail, UpcomingEmail } from '../types.ts';
import { assemble, button, greeting, paragraph, prepare, securityNote } from './common.ts';

// Emails to a signer who has not signed yet and is not being invited for the first time.

export function upcoming(m: UpcomingEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.upcoming;
  const total = checkedCount('total', m.total, 1);
  const position = checkedCount('position', m.position, 1);
  if (position > total) {
    throw new EmailRenderError('invalid_message', `position ${position} is beyond total ${total}`);
  }
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));
  const url = m.signingUrl == null ? null : checkedUrl('signingUrl', m.signingUrl);

  return assemble(p, {
    subject: fitSubject((title) => t.subject({ title }), p.title),
    preheader: t.preheader({ sender: p.sender, position, total }),
    heading: t.heading,
    blocks: [
      greeting(p),
      paragraph(...t.intro({ sender: p.sender, title: p.title, position, total })),
      ...(url ? [paragraph(t.linkWaits), button(p, t.button, url)] : [paragraph(t.noLinkYet)]),
    ],
    details: [
      { label: s.labels.position, value: t.position(position, total) },
      { label: s.labels.signBy, value: expires },
    ],
    footer: [s.footer.unexpected],
  });
}

export function reminder(m: ReminderEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.reminder;
  const url = checkedUrl('signingUrl', m.signingUrl);
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));
  const left = t.left(checkedCount('daysLeft', m.daysLeft), expires);

  return assemble(p, {
    subject: fitSubject((title) => t.subject({ title }), p.title),
    preheader: t.preheader({ sender: p.sender, left }),
    heading: t.heading,
    blocks: [
      greeting(p),
      paragraph(...t.intro({ sender: p.sender, title: p.title }), ' ', left),
      button(p, t.button, url),
      securityNote(p, m.otpRequired),
    ],
    details: [{ label: s.labels.signBy, value: expires }],
    footer: [s.footer.participant],
  });
}
