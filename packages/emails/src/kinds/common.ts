import type { Block, Detail, EmailContent, Inline } from '../content.ts';
import { type Strings, stringsFor } from '../strings/index.ts';
import { safeSubject } from '../subject.ts';
import { optionalMultiLine, singleLine } from '../text.ts';
import type { EmailBase } from '../types.ts';

/** The common fields, cleaned once, plus the catalogue for the message's locale. */
export interface Prepared {
  s: Strings;
  title: string;
  sender: string;
  recipient: string | null;
}

export function prepare(m: EmailBase): Prepared {
  const recipient = m.recipientName == null ? null : singleLine(m.recipientName);
  return {
    s: stringsFor(m.locale),
    title: singleLine(m.sessionTitle),
    sender: singleLine(m.senderName),
    recipient: recipient || null,
  };
}

export const paragraph = (...parts: Inline[]): Block => ({ type: 'paragraph', parts });
export const note = (...parts: Inline[]): Block => ({ type: 'note', parts });

export function greeting(p: Prepared): Block {
  return paragraph(p.s.greeting(p.recipient));
}

export function button(p: Prepared, label: string, url: string): Block {
  return { type: 'button', label, url, fallbackLabel: p.s.labels.linkFallback };
}

/** A quoted block for someone's own words, or nothing when they gave none. */
export function quote(label: string, text: string | null | undefined): Block[] {
  const cleaned = optionalMultiLine(text);
  return cleaned ? [{ type: 'quote', label, text: cleaned }] : [];
}

/** What a holder of a signing link must know: a code will be asked, or the link alone is enough. */
export function securityNote(p: Prepared, otpRequired: boolean): Block {
  return note(otpRequired ? p.s.securityNote.otp : p.s.securityNote.publicLink);
}

export function filesDetail(p: Prepared, documents: string[] | undefined): Detail[] {
  const names = (documents ?? []).map(singleLine).filter(Boolean);
  return names.length > 0 ? [{ label: p.s.labels.files, value: names }] : [];
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
  /** Added after the "sent by" line, which every email ends with. */
  footer?: string[];
}

export function assemble(p: Prepared, parts: Parts): EmailContent {
  const { s } = p;
  return {
    lang: s.lang,
    subject: parts.subject,
    preheader: singleLine(parts.preheader),
    heading: singleLine(parts.heading),
    senderName: p.sender,
    productName: s.productName,
    blocks: parts.blocks,
    details: [
      { label: s.labels.document, value: p.title },
      { label: s.labels.from, value: p.sender },
      ...(parts.details ?? []),
    ],
    footer: [s.footer.sentBy(s.productName, p.sender), ...(parts.footer ?? [])],
  };
}
