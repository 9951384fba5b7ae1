import { checkedBrand, checkedDate, checkedUrl } from '../checks.ts';
import type { Block, Brand, Detail, EmailContent, Inline } from '../content.ts';
import { PRODUCT_NAME, type Strings, stringsFor } from '../strings/index.ts';
import { safeSubject } from '../subject.ts';
import { optionalMultiLine, singleLine } from '../text.ts';
import type { EmailBase } from '../types.ts';

/** The common fields, cleaned once, plus the catalogue for the message's locale. */
export interface Prepared {
  s: Strings;
  title: string;
  sender: string;
  recipient: string | null;
  brand: Brand;
}

export function prepare(m: EmailBase): Prepared {
  const recipient = m.recipientName == null ? null : singleLine(m.recipientName);
  return {
    s: stringsFor(m.locale),
    title: singleLine(m.sessionTitle),
    sender: singleLine(m.senderName),
    recipient: recipient || null,
    brand: checkedBrand(m.branding),
  };
}

export const paragraph = (...parts: Inline[]): Block => ({ type: 'paragraph', parts });
export const note = (...parts: Inline[]): Block => ({ type: 'note', parts });

export function greeting(p: Prepared): Block {
  return paragraph(
    p.recipient ? p.s.t('greeting.named', { name: p.recipient }) : p.s.t('greeting.anonymous'),
  );
}

export function button(p: Prepared, label: string, url: string): Block {
  return { type: 'button', label, url, fallbackLabel: p.s.t('label.linkFallback') };
}

/** A quoted block for someone's own words, or nothing when they gave none. */
export function quote(label: string, text: string | null | undefined): Block[] {
  const cleaned = optionalMultiLine(text);
  return cleaned ? [{ type: 'quote', label, text: cleaned }] : [];
}

/** The link a signing email carries and the date to sign by (for display), both checked, link first. */
export function signingLink(p: Prepared, m: { signingUrl: string; expiresAt: Date }) {
  return {
    url: checkedUrl('signingUrl', m.signingUrl),
    expires: p.s.dateTime(checkedDate('expiresAt', m.expiresAt)),
  };
}

/** What a holder of a signing link must know: a code will be asked, or the link alone is enough. */
export function securityNote(p: Prepared, otpRequired: boolean): Block {
  return note(p.s.t(otpRequired ? 'security.otp' : 'security.publicLink'));
}

export function filesDetail(p: Prepared, documents: string[] | undefined): Detail[] {
  const names = (documents ?? []).map(singleLine).filter(Boolean);
  return names.length > 0 ? [{ label: p.s.t('label.files'), value: names }] : [];
}

/** A caller's subject override, or null when it is unset or blank. */
export function overrideSubject(subject: string | null | undefined): string | null {
  if (subject == null) return null;
  const cleaned = safeSubject(subject);
  return cleaned === '' ? null : cleaned;
}

interface Parts {
  subject: string;
  preheader: string;
  heading: string;
  blocks: Block[];
  /** Added after the title and sender, which every email shows. */
  details?: Detail[];
  /** What the title is, in the details: the document (the default), or an account. */
  titleLabel?: string;
  /** Added after the "sent by" line, which every email ends with. */
  footer?: string[];
}

export function assemble(p: Prepared, parts: Parts): EmailContent {
  const { s } = p;
  return {
    lang: s.locale,
    dir: s.dir,
    subject: parts.subject,
    preheader: singleLine(parts.preheader),
    heading: singleLine(parts.heading),
    header: s.t('header.via', { sender: p.sender, product: PRODUCT_NAME }),
    senderName: p.sender,
    quoteTitle: s.quoted,
    brand: p.brand,
    blocks: parts.blocks,
    details: [
      { label: parts.titleLabel ?? s.t('label.document'), value: p.title },
      { label: s.t('label.from'), value: p.sender },
      ...(parts.details ?? []),
    ],
    footer: [s.t('footer.sentBy', { product: PRODUCT_NAME, sender: p.sender }), ...(parts.footer ?? [])],
  };
}
