import type { Inline } from '../content.ts';

// Every English word the emails use. Values passed in are already cleaned; subjects get the
// title already shortened to fit. A new language copies this object and is typed by it.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const two = (n: number) => String(n).padStart(2, '0');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const q = (title: string) => `“${title}”`;

const SEQUENTIAL = 'This document is signed in order, one person at a time.';

export const en = {
  lang: 'en',
  productName: 'Countersign',

  /** Always UTC, zone named, month spelled out so day/month order cannot be misread. */
  dateTime: (d: Date) =>
    `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`,

  /** "A, B and C": names joined the language's way. */
  list: (items: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items),

  greeting: (name: string | null) => (name ? `Hi ${name},` : 'Hello,'),

  labels: {
    document: 'Document',
    from: 'From',
    files: 'Files',
    signBy: 'Sign by',
    position: 'Your place in the signing order',
    downloadUntil: 'Download link valid until',
    linkFallback: 'Button not working? Copy this link into your browser:',
    messageFrom: (sender: string) => `Message from ${sender}:`,
    declineReason: 'Their reason:',
    cancelReason: 'Reason given:',
  },

  footer: {
    sentBy: (product: string, sender: string) => `Sent by ${product} on behalf of ${sender}.`,
    unexpected: 'If you weren’t expecting this email, you can safely ignore it.',
    participant: 'You are receiving this because you are part of this signing request.',
    copied: 'You are receiving this because the sender copied you on this signing request.',
  },

  securityNote: {
    otp: 'For your security, we’ll email you a one-time code when you open the link.',
    publicLink: 'Anyone with this link can sign in your name, so please don’t forward this email.',
  },

  invite: {
    subject: (v: { sender: string; title: string }) => `${v.sender} sent you ${q(v.title)} to sign`,
    preheader: (v: { sender: string; title: string; expires: string }) =>
      `${v.sender} asks you to sign ${q(v.title)}. The link expires on ${v.expires}.`,
    heading: (yourTurn: boolean) => (yourTurn ? 'Please review and sign' : 'You’ve been asked to sign'),
    intro: (v: { sender: string; title: string }): Inline[] => [
      { strong: v.sender },
      ' has sent you ',
      { title: v.title },
      ' to sign.',
    ],
    firstInOrder: `${SEQUENTIAL} You’re first; the next signer is asked once you have signed.`,
    notYourTurn: (before: number) =>
      `${SEQUENTIAL} You’ll be asked to sign after ${plural(before, 'other person', 'other people')} – we’ll email you when it’s your turn.`,
    button: 'Review and sign',
    buttonWaiting: 'Open the document',
  },

  nextSigner: {
    subject: (v: { title: string }) => `Your turn to sign ${q(v.title)}`,
    preheader: (v: { previous: string; title: string }) =>
      `${v.previous} has signed. Please review and sign ${q(v.title)}.`,
    heading: 'It’s your turn to sign',
    status: (v: { previous: string; title: string }): Inline[] => [
      { strong: v.previous },
      ' has signed ',
      { title: v.title },
      '. It’s now your turn to review and sign it.',
    ],
    button: 'Review and sign',
  },

  upcoming: {
    subject: (v: { title: string }) => `You’ll soon be asked to sign ${q(v.title)}`,
    preheader: (v: { sender: string; position: number; total: number }) =>
      `${v.sender} added you as signer ${v.position} of ${v.total}. No action needed yet.`,
    heading: 'Your turn to sign is coming',
    intro: (v: { sender: string; title: string; position: number; total: number }): Inline[] => [
      { strong: v.sender },
      ' has asked you to sign ',
      { title: v.title },
      `. ${SEQUENTIAL} You are signer ${v.position} of ${v.total}.`,
    ],
    noLinkYet: 'There’s nothing to do yet: we’ll email you a signing link when it’s your turn.',
    linkWaits:
      'You can open the document now; you’ll be able to sign once the people before you have signed. We’ll email you when it’s your turn.',
    position: (position: number, total: number) => `${position} of ${total}`,
    button: 'Open the document',
  },

  signed: {
    subject: (v: { signer: string; title: string }) => `${v.signer} signed ${q(v.title)}`,
    preheader: (v: { remaining: string }) => v.remaining,
    heading: (signer: string) => `${signer} signed`,
    intro: (v: { signer: string; title: string }): Inline[] => [
      { strong: v.signer },
      ' has signed ',
      { title: v.title },
      '.',
    ],
    remaining: (n: number) =>
      n === 0
        ? 'That was the last signature. You’ll receive the signed document shortly.'
        : `${plural(n, 'more signature is', 'more signatures are')} needed before the document is complete.`,
  },

  receipt: {
    subject: (v: { title: string }) => `Your signing receipt for ${q(v.title)}`,
    preheader: 'You signed. Keep this email: it identifies exactly what you signed.',
    heading: 'You signed',
    intro: (v: { title: string; at: string }): Inline[] => [
      'You signed ',
      { title: v.title },
      ` on ${v.at}.`,
    ],
    hashes:
      'The SHA-256 of each document you signed, and of your signature event in the audit trail, are below. The ' +
      'certificate of the signed PDF lists the same document and the trail it ends in, so anyone can match them.',
    eventLabel: 'Your signature event (SHA-256)',
  },

  completed: {
    subject: (v: { title: string }) => `Completed: ${q(v.title)} is signed by everyone`,
    preheader: (v: { attached: boolean }) =>
      v.attached
        ? 'Everyone has signed. The signed PDF is attached.'
        : 'Everyone has signed. Download the signed PDF.',
    heading: 'Everyone has signed',
    intro: (v: { sender: string; title: string }): Inline[] => [
      'All signers have signed ',
      { title: v.title },
      ', sent by ',
      { strong: v.sender },
      '.',
    ],
    attached:
      'The signed PDF is attached to this email. Keep it for your records; you can also download it here:',
    notAttached: 'Download the signed PDF and keep it for your records:',
    attachedOnly: 'The signed PDF is attached to this email. Keep it for your records.',
    button: 'Download signed PDF',
  },

  ccCopy: {
    subject: (v: { sender: string; title: string }) => `Copy: ${q(v.title)} from ${v.sender}`,
    preheader: (v: { sender: string; title: string }) =>
      `${v.sender} copied you on ${q(v.title)}. There is nothing for you to sign.`,
    heading: 'You’ve been copied on a signing request',
    intro: (v: { sender: string; title: string; signers: string }): Inline[] => [
      { strong: v.sender },
      ' has sent ',
      { title: v.title },
      ` to ${v.signers} for signing, and copied you for your information.`,
    ],
    nothingToDo:
      'There is nothing for you to sign. When everyone has signed, we’ll email you the signed document.',
    signers: 'Signers',
  },

  declined: {
    subject: (v: { decliner: string; title: string }) => `${v.decliner} declined to sign ${q(v.title)}`,
    preheader: (v: { decliner: string }) => `${v.decliner} declined to sign. The request is closed.`,
    heading: 'Signing declined',
    intro: (v: { decliner: string; title: string }): Inline[] => [
      { strong: v.decliner },
      ' declined to sign ',
      { title: v.title },
      '.',
    ],
    closed:
      'The signing request is now closed and its signing links no longer work. Nothing more is needed from you.',
  },

  cancelled: {
    subject: (v: { title: string }) => `Cancelled: ${q(v.title)}`,
    preheader: (v: { sender: string }) => `${v.sender} cancelled this signing request.`,
    heading: 'Signing request cancelled',
    intro: (v: { sender: string; title: string }): Inline[] => [
      { strong: v.sender },
      ' has cancelled the request to sign ',
      { title: v.title },
      '.',
    ],
    closed: 'The signing link no longer works, and nothing more is needed from you.',
  },

  reminder: {
    subject: (v: { title: string }) => `Reminder: please sign ${q(v.title)}`,
    preheader: (v: { sender: string; left: string }) =>
      `${v.sender} is waiting for your signature. ${v.left}`,
    heading: 'Your signature is still needed',
    intro: (v: { sender: string; title: string }): Inline[] => [
      { strong: v.sender },
      ' is waiting for you to sign ',
      { title: v.title },
      '.',
    ],
    left: (daysLeft: number, expires: string) =>
      daysLeft === 0
        ? `The request expires in less than a day, on ${expires}.`
        : `The request expires in ${plural(daysLeft, 'day', 'days')}, on ${expires}.`,
    button: 'Review and sign',
  },

  otpCode: {
    subject: (v: { title: string }) => `Your verification code for ${q(v.title)}`,
    preheader: (v: { minutes: number }) =>
      `Use it within ${plural(v.minutes, 'minute', 'minutes')}. Never share it.`,
    heading: 'Your verification code',
    intro: (v: { sender: string; title: string }): Inline[] => [
      'Enter this code to open ',
      { title: v.title },
      ' from ',
      { strong: v.sender },
      ':',
    ],
    validity: (minutes: number) =>
      `The code works once and expires in ${plural(minutes, 'minute', 'minutes')}. If it expires, ask for a new one on the signing page.`,
    warning:
      'Never share this code with anyone. If you didn’t just try to open this document, ignore this email: nobody can sign in your name without the code.',
  },
};
