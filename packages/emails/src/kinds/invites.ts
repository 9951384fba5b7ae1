import { checkedCount, checkedDate, checkedUrl } from '../checks.ts';
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
  return quote(p.s.labels.messageFrom(p.sender), m.message);
}

export function invite(m: InviteEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.invite;
  const url = checkedUrl('signingUrl', m.signingUrl);
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));
  const link = { url, expires, recipientEmail: m.recipientEmail };

  const order: Block[] = [];
  if (!m.yourTurn) order.push(paragraph(t.notYourTurn(checkedCount('signersBefore', m.signersBefore, 1))));
  else if (m.signingType === 'sequential') order.push(paragraph(t.firstInOrder));

  return assemble(p, {
    subject:
      overrideSubject(m.subject) ??
      fitSubject((title) => t.subject({ sender: subjectName(p.sender), title }), p.title),
    preheader: t.preheader({ sender: p.sender, title: p.title, expires }),
    heading: t.heading(m.yourTurn),
    blocks: [
      ...opening(p, m, link, [greeting(p), paragraph(...t.intro({ sender: p.sender, title: p.title }))]),
      ...order,
      ...personalMessage(p, m),
      button(p, m.yourTurn ? t.button : t.buttonWaiting, url),
      securityNote(p, m.otpRequired),
    ],
    details: [...filesDetail(p, m.documents), { label: s.labels.signBy, value: expires }],
    footer: [s.footer.unexpected],
  });
}

export function nextSigner(m: NextSignerEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.nextSigner;
  const url = checkedUrl('signingUrl', m.signingUrl);
  const expires = s.dateTime(checkedDate('expiresAt', m.expiresAt));
  const previous = singleLine(m.previousSignerName);

  return assemble(p, {
    subject: overrideSubject(m.subject) ?? fitSubject((title) => t.subject({ title }), p.title),
    preheader: t.preheader({ previous, title: p.title }),
    heading: t.heading,
    blocks: [
      ...opening(p, m, { url, expires, recipientEmail: m.recipientEmail }, [greeting(p)]),
      paragraph(...t.status({ previous, title: p.title })),
      ...personalMessage(p, m),
      button(p, t.button, url),
      securityNote(p, m.otpRequired),
    ],
    details: [...filesDetail(p, m.documents), { label: s.labels.signBy, value: expires }],
    footer: [s.footer.unexpected],
  });
}
