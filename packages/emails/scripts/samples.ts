import type { EmailMessage } from '../src/index.ts';

// One realistic message per kind (plus the variants worth eyeballing), shared by the preview
// script and the tests.

const base = {
  locale: 'en',
  sessionTitle: 'Mutual non-disclosure agreement – Acme × Globex',
  senderName: 'Acme Legal',
  recipientName: 'Dana Whitfield',
} as const;

const expiresAt = new Date('2025-03-14T14:30:00Z');
const signingUrl = 'https://sign.countersign.test/s/3q9V-xT2kLr8bW1mN0pZ';

/** What every invite variant below has in common. */
const invite = {
  ...base,
  kind: 'invite',
  recipientEmail: 'dana@globex.test',
  signingUrl,
  expiresAt,
} as const;

export const samples = {
  invite: {
    ...invite,
    documents: ['NDA-Acme-Globex.pdf', 'Schedule-A.pdf'],
    signingType: 'parallel',
    yourTurn: true,
    otpRequired: true,
    message: 'Hi Dana,\nhere is the NDA we discussed on Tuesday.\n\nThanks, Sam',
  },
  'invite-waiting': {
    ...invite,
    documents: ['NDA-Acme-Globex.pdf'],
    signingType: 'sequential',
    yourTurn: false,
    signersBefore: 2,
    otpRequired: false,
  },
  'invite-template': {
    ...invite,
    documents: ['NDA-Acme-Globex.pdf'],
    signingType: 'parallel',
    yourTurn: true,
    otpRequired: true,
    subject: 'Your NDA with Acme is ready',
    messageTemplate:
      'Dear {{recipient.name}},\n\n{{sender.name}} has prepared "{{session.title}}" for you. Please sign it before {{session.expiresAt}}.\n\nOpen: {{signing.url}}',
  },
  next_signer: {
    ...base,
    kind: 'next_signer',
    recipientEmail: 'dana@globex.test',
    signingUrl,
    previousSignerName: 'Sam Okafor',
    expiresAt,
    otpRequired: true,
  },
  upcoming: { ...base, kind: 'upcoming', position: 3, total: 4, expiresAt, signingUrl: null },
  signed: { ...base, kind: 'signed', signerName: 'Sam Okafor', remaining: 2 },
  completed: {
    ...base,
    kind: 'completed',
    downloadUrl: 'https://sign.countersign.test/d/Zx81-aa0QmP',
    downloadExpiresAt: new Date('2025-04-13T09:05:00Z'),
    attached: true,
    documents: ['NDA-Acme-Globex.pdf'],
  },
  'completed-cc': {
    ...base,
    kind: 'completed',
    downloadUrl: null,
    downloadExpiresAt: new Date('2025-04-13T09:05:00Z'),
    attached: true,
    documents: ['NDA-Acme-Globex.pdf'],
  },
  cc_copy: {
    ...base,
    kind: 'cc_copy',
    signers: ['Sam Okafor', 'Dana Whitfield'],
    documents: ['NDA-Acme-Globex.pdf'],
    expiresAt,
    message: 'Copying our lawyers, as agreed.',
  },
  declined: {
    ...base,
    kind: 'declined',
    declinerName: 'Sam Okafor',
    reason: 'Clause 4 needs a two-year term, not five.',
  },
  cancelled: {
    ...base,
    kind: 'cancelled',
    reason: 'Superseded by the revised agreement sent today.',
  },
  reminder: { ...base, kind: 'reminder', signingUrl, daysLeft: 3, expiresAt, otpRequired: true },
  otp_code: { ...base, kind: 'otp_code', code: '482913', validMinutes: 10 },
  member_invite: {
    ...base,
    kind: 'member_invite',
    signInUrl: 'https://sign.countersign.test/app/sign-in#token=cssl_3q9VxT2kLr8bW1mN0pZ',
    expiresAt,
  },
  sent_completed: {
    ...base,
    kind: 'sent_completed',
    audience: 'sender',
    sessionUrl: 'https://sign.countersign.test/app/sessions/0193a0c4-7d1e-7000-8000-000000000001',
    at: expiresAt,
    signers: ['Dana Whitfield', 'Hiroshi Tanaka'],
  },
  sent_declined: {
    ...base,
    kind: 'sent_declined',
    audience: 'outcomeAddress',
    sessionUrl: 'https://sign.countersign.test/app/sessions/0193a0c4-7d1e-7000-8000-000000000001',
    at: expiresAt,
    declinerName: 'Dana Whitfield',
    reason: 'The liability cap in clause 7 is not what we agreed.',
  },
} satisfies Record<string, EmailMessage>;
