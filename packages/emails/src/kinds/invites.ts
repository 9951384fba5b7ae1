import { checkedCount } from '../checks.ts';
import type { Block, EmailContent } from '../content.ts';
import { renderMessageTemplate } from '../message-template.ts';
import { fitSubject, subjectName } from '../subject.ts';
import { optionalMultiLine, singleLine } from '../text.ts';
import type { InviteCustomization, InviteEmail, NextSignerEmail } from '../types.ts';
import {
  assemble,
  button,
  filesDetail,
  greeting,
  overrideSubject,
  type Prepared,
  paragraph,
  prepare,
  quote,
  securityNote,
  signingLink,
} from './common.ts';

interface Link {
  url: string;
  expires: string;
  recipientEmail: string;
}

/**
 * The greeting and introduction, or the caller's messageTemplate in their place.
 * Everything else (order facts, personal message, button, notes) is added around it.
 */
function opening(p: Prepared, m: InviteCustomization, link: Link, standard: Block[]): Block[] {
  const template = optionalMultiLine(m.messageTemplate);
  if (!template) return standard;
  return [
    paragraph(
      ...renderMessageTemplate(template, {
        'recipient.name': p.recipient ?? '',
        'recipient.email': singleLine(link.recipientEmail),
        'session.title': p.title,
        'sender.name': p.sender,
        'signing.url': link.url,
        'session.expiresAt': link.expires,
      }),
    ),
  ];
}

function personalMessage(p: Prepared, m: InviteCustomization): Block[] {
  return quote(p.s.t('label.messageFrom', { sender: p.sender }), m.message);
}

export function invite(m: InviteEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const { url, expires } = signingLink(p, m);
  const link = { url, expires, recipientEmail: m.recipientEmail };
  const names = { sender: p.sender, title: p.title };

  const order: Block[] = [];
  if (!m.yourTurn) {
    const before = checkedCount('signersBefore', m.signersBefore, 1);
    order.push(paragraph(`${s.t('sequential')} ${s.tn('invite.notYourTurn', before)}`));
  } else if (m.signingType === 'sequential') {
    order.push(paragraph(`${s.t('sequential')} ${s.t('invite.firstInOrder')}`));
  }

  return assemble(p, {
    subject:
      overrideSubject(m.subject) ??
      fitSubject((title) => s.t('invite.subject', { sender: subjectName(p.sender), title }), p.title),
    preheader: s.t('invite.preheader', { ...names, expires }),
    heading: s.t(m.yourTurn ? 'invite.heading.yourTurn' : 'invite.heading.waiting'),
    blocks: [
      ...opening(p, m, link, [greeting(p), paragraph(...s.rich('invite.intro', names))]),
      ...order,
      ...personalMessage(p, m),
      button(p, s.t(m.yourTurn ? 'invite.button' : 'invite.buttonWaiting'), url),
      securityNote(p, m.otpRequired),
    ],
    details: [...filesDetail(p, m.documents), { label: s.t('label.signBy'), value: expires }],
    footer: [s.t('footer.unexpected')],
  });
}

export function nextSigner(m: NextSignerEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const { url, expires } = signingLink(p, m);
  const previous = singleLine(m.previousSignerName);

  return assemble(p, {
    subject:
      overrideSubject(m.subject) ?? fitSubject((title) => s.t('nextSigner.subject', { title }), p.title),
    preheader: s.t('nextSigner.preheader', { previous, title: p.title }),
    heading: s.t('nextSigner.heading'),
    blocks: [
      ...opening(p, m, { url, expires, recipientEmail: m.recipientEmail }, [greeting(p)]),
      paragraph(...s.rich('nextSigner.status', { previous, title: p.title })),
      ...personalMessage(p, m),
      button(p, s.t('invite.button'), url),
      securityNote(p, m.otpRequired),
    ],
    details: [...filesDetail(p, m.documents), { label: s.t('label.signBy'), value: expires }],
    footer: [s.t('footer.unexpected')],
  });
}
