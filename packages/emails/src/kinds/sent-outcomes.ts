import { checkedDate, checkedUrl } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { PRODUCT_NAME } from '../strings/index.ts';
import { fitSubject, subjectName } from '../subject.ts';
import { singleLine } from '../text.ts';
import type { SentOutcomeEmail } from '../types.ts';
import { assemble, button, greeting, type Prepared, paragraph, prepare, quote } from './common.ts';

// To whoever sent the session (or the account's outcome address): how it ended. The link opens the session in
// the web app, behind its sign-in; these emails carry no signing link and no document.

type Completed = Extract<SentOutcomeEmail, { kind: 'sent_completed' }>;
type Declined = Extract<SentOutcomeEmail, { kind: 'sent_declined' }>;

export function sentCompleted(m: Completed): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const signers = m.signers.map(singleLine).filter(Boolean);
  return assemble(p, {
    subject: fitSubject((title) => s.t('sent.completed.subject', { title }), p.title),
    preheader: s.t('sent.completed.preheader', { title: p.title }),
    heading: s.t('sent.completed.heading'),
    blocks: [greeting(p), paragraph(...s.rich('sent.completed.intro', { title: p.title })), openButton(p, m)],
    details: [
      ...(signers.length ? [{ label: s.t('label.signedBy'), value: signers }] : []),
      { label: s.t('label.completedAt'), value: s.dateTime(checkedDate('at', m.at)) },
    ],
    footer: [footer(p, m)],
  });
}

export function sentDeclined(m: Declined): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const decliner = singleLine(m.declinerName);
  return assemble(p, {
    subject: fitSubject(
      (title) => s.t('sent.declined.subject', { decliner: subjectName(decliner), title }),
      p.title,
    ),
    preheader: s.t('sent.declined.preheader', { decliner }),
    heading: s.t('sent.declined.heading'),
    blocks: [
      greeting(p),
      paragraph(...s.rich('sent.declined.intro', { decliner, title: p.title })),
      ...quote(s.t('label.declineReason'), m.reason),
      paragraph(s.t('sent.declined.closed')),
      openButton(p, m),
    ],
    details: [{ label: s.t('label.declinedAt'), value: s.dateTime(checkedDate('at', m.at)) }],
    footer: [footer(p, m)],
  });
}

const openButton = (p: Prepared, m: SentOutcomeEmail) =>
  button(p, p.s.t('sent.button', { product: PRODUCT_NAME }), checkedUrl('sessionUrl', m.sessionUrl));

/** Why this address gets it, and for the sender, how to stop it. */
const footer = (p: Prepared, m: SentOutcomeEmail) =>
  m.audience === 'sender' ? p.s.t('footer.sender') : p.s.t('footer.outcomeAddress', { sender: p.sender });
