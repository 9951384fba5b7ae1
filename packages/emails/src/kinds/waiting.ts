import { checkedCount, checkedDate, checkedUrl } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { EmailRenderError } from '../errors.ts';
import { fitSubject } from '../subject.ts';
import type { ReminderEmail, UpcomingEmail } from '../types.ts';
import { assemble, button, greeting, paragraph, prepare, securityNote, signingLink } from './common.ts';

// Emails to a signer who has not signed yet and is not being invited for the first time.

export function upcoming(m: UpcomingEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const total = checkedCount('total', m.total, 1);
  const position = checkedCount('position', m.position, 1);
  if (position > total) {
    throw new EmailRenderError('invalid_message', `position ${position} is beyond total ${total}`);
  }
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));
  const url = m.signingUrl == null ? null : checkedUrl('signingUrl', m.signingUrl);

  return assemble(p, {
    subject: fitSubject((title) => s.t('upcoming.subject', { title }), p.title),
    preheader: s.t('upcoming.preheader', { sender: p.sender, position, total }),
    heading: s.t('upcoming.heading'),
    blocks: [
      greeting(p),
      paragraph(
        ...s.rich('upcoming.intro', { sender: p.sender, title: p.title }),
        ` ${s.t('sequential')} ${s.t('upcoming.place', { position, total })}`,
      ),
      ...(url
        ? [paragraph(s.t('upcoming.linkWaits')), button(p, s.t('invite.buttonWaiting'), url)]
        : [paragraph(s.t('upcoming.noLinkYet'))]),
    ],
    details: [
      { label: s.t('label.position'), value: s.t('upcoming.position', { position, total }) },
      { label: s.t('label.signBy'), value: expires },
    ],
    footer: [s.t('footer.unexpected')],
  });
}

export function reminder(m: ReminderEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const { url, expires } = signingLink(p, m);
  const daysLeft = checkedCount('daysLeft', m.daysLeft);
  const left =
    daysLeft === 0 ? s.t('reminder.lessThanADay', { expires }) : s.tn('reminder.left', daysLeft, { expires });

  return assemble(p, {
    subject: fitSubject((title) => s.t('reminder.subject', { title }), p.title),
    preheader: s.t('reminder.preheader', { sender: p.sender, left }),
    heading: s.t('reminder.heading'),
    blocks: [
      greeting(p),
      paragraph(...s.rich('reminder.intro', { sender: p.sender, title: p.title }), ' ', left),
      button(p, s.t('reminder.button'), url),
      securityNote(p, m.otpRequired),
    ],
    details: [{ label: s.t('label.signBy'), value: expires }],
    footer: [s.t('footer.participant')],
  });
}
