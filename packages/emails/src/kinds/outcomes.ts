import { checkedCount, checkedDate, checkedUrl } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { EmailRenderError } from '../errors.ts';
import { fitSubject, subjectName } from '../subject.ts';
import { singleLine } from '../text.ts';
import type { CancelledEmail, CompletedEmail, DeclinedEmail, ReceiptEmail, SignedEmail } from '../types.ts';
import {
  assemble,
  button,
  filesDetail,
  greeting,
  type Prepared,
  paragraph,
  prepare,
  quote,
} from './common.ts';

// Lifecycle updates to participants (and cc): what happened to the session.

export function signed(m: SignedEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const signer = singleLine(m.signerName);
  const count = checkedCount('remaining', m.remaining);
  const remaining = count === 0 ? s.t('signed.last') : s.tn('signed.remaining', count);

  return assemble(p, {
    subject: fitSubject((title) => s.t('signed.subject', { signer: subjectName(signer), title }), p.title),
    preheader: remaining,
    heading: s.t('signed.heading', { signer }),
    blocks: [
      greeting(p),
      paragraph(...s.rich('signed.intro', { signer, title: p.title })),
      paragraph(remaining),
    ],
    footer: [s.t('footer.participant')],
  });
}

export function completed(m: CompletedEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const url = m.downloadUrl === null ? null : checkedUrl('downloadUrl', m.downloadUrl);
  if (url === null && !m.attached)
    throw new EmailRenderError(
      'invalid_message',
      'a completed email without a downloadUrl must attach the PDF',
    );
  const until = s.dateTime(checkedDate('downloadExpiresAt', m.downloadExpiresAt));

  return assemble(p, {
    subject: fitSubject((title) => s.t('completed.subject', { title }), p.title),
    preheader: s.t(m.attached ? 'completed.preheader.attached' : 'completed.preheader.link'),
    heading: s.t('completed.heading'),
    blocks: [
      greeting(p),
      paragraph(...s.rich('completed.intro', { sender: p.sender, title: p.title })),
      // A cc has no link of its own: the attachment is its copy.
      ...(url
        ? [
            paragraph(s.t(m.attached ? 'completed.attached' : 'completed.notAttached')),
            button(p, s.t('completed.button'), url),
          ]
        : [paragraph(s.t('completed.attachedOnly'))]),
    ],
    details: [
      ...filesDetail(p, m.documents),
      ...(url ? [{ label: s.t('label.downloadUntil'), value: until }] : []),
    ],
    footer: [s.t('footer.participant')],
  });
}

export function declined(m: DeclinedEmail): EmailContent {
  const p = prepare(m);
  const decliner = singleLine(m.declinerName);
  return closedEarly(p, 'declined', { decliner }, p.s.t('label.declineReason'), m.reason);
}

export function cancelled(m: CancelledEmail): EmailContent {
  const p = prepare(m);
  return closedEarly(p, 'cancelled', { sender: p.sender }, p.s.t('label.cancelReason'), m.reason);
}

/**
 * Declined and cancelled: the session closed before completion, one email shape with the reason quoted
 * when given. `who` is the person it names ({decliner} or {sender}); the subject gets the shortened name.
 */
function closedEarly(
  p: Prepared,
  kind: 'declined' | 'cancelled',
  who: Record<string, string>,
  reasonLabel: string,
  reason: string | null | undefined,
): EmailContent {
  const { s } = p;
  const subjectWho = Object.fromEntries(Object.entries(who).map(([k, v]) => [k, subjectName(v)]));
  return assemble(p, {
    subject: fitSubject((title) => s.t(`${kind}.subject`, { ...subjectWho, title }), p.title),
    preheader: s.t(`${kind}.preheader`, who),
    heading: s.t(`${kind}.heading`),
    blocks: [
      greeting(p),
      paragraph(...s.rich(`${kind}.intro`, { ...who, title: p.title })),
      ...quote(reasonLabel, reason),
      paragraph(s.t(`${kind}.closed`)),
    ],
    footer: [s.t('footer.participant')],
  });
}

export function receipt(m: ReceiptEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const at = s.dateTime(checkedDate('signedAt', m.signedAt));
  const hex = /^[0-9a-f]{64}$/;
  for (const d of m.documents)
    if (!hex.test(d.sha256))
      throw new EmailRenderError('invalid_message', 'documents[].sha256: not a SHA-256');
  if (!hex.test(m.eventHash)) throw new EmailRenderError('invalid_message', 'eventHash: not a SHA-256');
  return assemble(p, {
    subject: fitSubject((title) => s.t('receipt.subject', { title }), p.title),
    preheader: s.t('receipt.preheader'),
    heading: s.t('receipt.heading'),
    blocks: [
      greeting(p),
      paragraph(...s.rich('receipt.intro', { title: p.title, at })),
      paragraph(s.t('receipt.hashes')),
    ],
    details: [
      ...m.documents.map((d) => ({ label: singleLine(d.filename), value: d.sha256 })),
      { label: s.t('receipt.eventLabel'), value: m.eventHash },
    ],
    footer: [s.t('footer.participant')],
  });
}
