import { checkedCount, checkedDate, checkedUrl } from '../checks.ts';
import type { EmailContent } from '../content.ts';
import { EmailRenderError } from '../errors.ts';
import { fitSubject, subjectName } from '../subject.ts';
import { singleLine } from '../text.ts';
import type { CancelledEmail, CompletedEmail, DeclinedEmail, ReceiptEmail, SignedEmail } from '../types.ts';
import { assemble, button, filesDetail, greeting, paragraph, prepare, quote } from './common.ts';

// Lifecycle updates to participants (and cc): what happened to the session.

export function signed(m: SignedEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.signed;
  const signer = singleLine(m.signerName);
  const remaining = t.remaining(checkedCount('remaining', m.remaining));

  return assemble(p, {
    subject: fitSubject((title) => t.subject({ signer: subjectName(signer), title }), p.title),
    preheader: t.preheader({ remaining }),
    heading: t.heading(signer),
    blocks: [greeting(p), paragraph(...t.intro({ signer, title: p.title })), paragraph(remaining)],
    footer: [s.footer.participant],
  });
}

export function completed(m: CompletedEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.completed;
  const url = m.downloadUrl === null ? null : checkedUrl('downloadUrl', m.downloadUrl);
  if (url === null && !m.attached)
    throw new EmailRenderError(
      'invalid_message',
      'a completed email without a downloadUrl must attach the PDF',
    );
  const until = s.dateTime(checkedDate('downloadExpiresAt', m.downloadExpiresAt));

  return assemble(p, {
    subject: fitSubject((title) => t.subject({ title }), p.title),
    preheader: t.preheader({ attached: m.attached }),
    heading: t.heading,
    blocks: [
      greeting(p),
      paragraph(...t.intro({ sender: p.sender, title: p.title })),
      // A cc has no link of its own: the attachment is its copy.
      ...(url
        ? [paragraph(m.attached ? t.attached : t.notAttached), button(p, t.button, url)]
        : [paragraph(t.attachedOnly)]),
    ],
    details: [
      ...filesDetail(p, m.documents),
      ...(url ? [{ label: s.labels.downloadUntil, value: until }] : []),
    ],
    footer: [s.footer.participant],
  });
}

export function declined(m: DeclinedEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.declined;
  const decliner = singleLine(m.declinerName);

  return assemble(p, {
    subject: fitSubject((title) => t.subject({ decliner: subjectName(decliner), title }), p.title),
    preheader: t.preheader({ decliner }),
    heading: t.heading,
    blocks: [
      greeting(p),
      paragraph(...t.intro({ decliner, title: p.title })),
      ...quote(s.labels.declineReason, m.reason),
      paragraph(t.closed),
    ],
    footer: [s.footer.participant],
  });
}

export function cancelled(m: CancelledEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.cancelled;

  return assemble(p, {
    subject: fitSubject((title) => t.subject({ title }), p.title),
    preheader: t.preheader({ sender: p.sender }),
    heading: t.heading,
    blocks: [
      greeting(p),
      paragraph(...t.intro({ sender: p.sender, title: p.title })),
      ...quote(s.labels.cancelReason, m.reason),
      paragraph(t.closed),
    ],
    footer: [s.footer.participant],
  });
}

export function receipt(m: ReceiptEmail): EmailContent {
  const p = prepare(m);
  const { s } = p;
  const t = s.receipt;
  const at = s.dateTime(checkedDate('signedAt', m.signedAt));
  const hex = /^[0-9a-f]{64}$/;
  for (const d of m.documents)
    if (!hex.test(d.sha256))
      throw new EmailRenderError('invalid_message', 'documents[].sha256: not a SHA-256');
  if (!hex.test(m.eventHash)) throw new EmailRenderError('invalid_message', 'eventHash: not a SHA-256');
  return assemble(p, {
    subject: fitSubject((title) => t.subject({ title }), p.title),
    preheader: t.preheader,
    heading: t.heading,
    blocks: [greeting(p), paragraph(...t.intro({ title: p.title, at })), paragraph(t.hashes)],
    details: [
      ...m.documents.map((d) => ({ label: singleLine(d.filename), value: d.sha256 })),
      { label: t.eventLabel, value: m.eventHash },
    ],
    footer: [s.footer.participant],
  });
}
