import { checkedDate, checkedUrl } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { PRODUCT_NAME } from '../strings/index.ts';
import { fitSubject, subjectName } from '../subject.ts';
import type { MemberInviteEmail } from '../types.ts';
import { assemble, button, greeting, note, paragraph, prepare } from './common.ts';

// An invitation into an account of the web app: who invited whom to which account, and a sign-in link that
// lasts days (an invite is not answered within minutes), once.

export function memberInvite(m: MemberInviteEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const url = checkedUrl('signInUrl', m.signInUrl);
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));
  const product = PRODUCT_NAME;

  return assemble(p, {
    subject: fitSubject(
      (title) => s.t('memberInvite.subject', { sender: subjectName(p.sender), title }),
      p.title,
    ),
    preheader: s.t('memberInvite.preheader', { product, expires }),
    heading: s.t('memberInvite.heading'),
    titleLabel: s.t('memberInvite.account'),
    blocks: [
      greeting(p),
      paragraph(...s.rich('memberInvite.intro', { sender: p.sender, title: p.title, product })),
      button(p, s.t('memberInvite.button'), url),
      paragraph(s.t('memberInvite.validity', { expires })),
      note(s.t('memberInvite.ignore')),
    ],
  });
}
