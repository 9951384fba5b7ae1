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
  const t = s.ccCopy;
  const signers = m.signers.map(singleLine).filter(Boolean);
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));

  return assemble(p, {
    subject: fitSubject((title) => t.subject({ sender: subjectName(p.sender), title }), p.title),
    preheader: t.preheader({ sender: p.sender, title: p.title }),
    heading: t.heading,
    blocks: [
      greeting(p),
      paragraph(...t.intro({ sender: p.sender, title: p.title, signers: s.list(signers) })),
      ...quote(s.labels.messageFrom(p.sender), m.message),
      paragraph(t.nothingToDo),
    ],
    details: [
      ...filesDetail(p, m.documents),
      { label: t.signers, value: signers },
      { label: s.labels.signBy, value: expires },
    ],
    footer: [s.footer.copied],
  });
}
