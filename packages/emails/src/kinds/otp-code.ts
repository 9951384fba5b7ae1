import { checkedCode, checkedCount } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { fitSubject } from '../subject.ts';
import type { OtpCodeEmail } from '../types.ts';
import { assemble, greeting, note, paragraph, prepare } from './common.ts';

// No signing link here by construction (the message type has none): whoever reads this email
// still needs the invite's link, so the code alone is not a way in. The code stays out of the
// subject and preheader too (README "One-time code email").

export function otpCode(m: OtpCodeEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const code = checkedCode(m.code);
  const minutes = checkedCount('validMinutes', m.validMinutes, 1);

  return assemble(p, {
    subject: fitSubject((title) => s.t('otpCode.subject', { title }), p.title),
    preheader: s.tn('otpCode.preheader', minutes),
    heading: s.t('otpCode.heading'),
    blocks: [
      greeting(p),
      paragraph(...s.rich('otpCode.intro', { sender: p.sender, title: p.title })),
      { type: 'code', code },
      paragraph(s.tn('otpCode.validity', minutes)),
      note(s.t('otpCode.warning')),
    ],
  });
}
