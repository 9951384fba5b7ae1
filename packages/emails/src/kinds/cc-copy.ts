import { checkedDate } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { fitSubject, subjectName } from '../subject.ts';
import { singleLine } from '../text.ts';
import type { CcCopyEmail } from '../types.ts';
import { assemble, filesDetail, greeting, paragraph, prepare, quote } from './common.ts';

// A copy for a `cc` address. No signing link by construction (the message type has none): on a
// `public` session, a link here would let whoever is copied sign in the signer's name.

export function ccCopy(m: CcCopyEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const signers = m.signers.map(singleLine).filter(Boolean);
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));
  const names = { sender: p.sender, title: p.title };

  return assemble(p, {
    subject: fitSubject((title) => s.t('ccCopy.subject', { sender: subjectName(p.sender), title }), p.title),
    preheader: s.t('ccCopy.preheader', names),
    heading: s.t('ccCopy.heading'),
    blocks: [
      greeting(p),
      paragraph(...s.rich('ccCopy.intro', { ...names, signers: s.list(signers) })),
      ...quote(s.t('label.messageFrom', { sender: p.sender }), m.message),
      paragraph(s.t('ccCopy.nothingToDo')),
    ],
    details: [
      ...filesDetail(p, m.documents),
      { label: s.t('label.signers'), value: signers },
      { label: s.t('label.signBy'), value: expires },
    ],
    footer: [s.t('footer.copied')],
  });
}
