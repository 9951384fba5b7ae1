/**
 * Every English word of the emails: flat keys, `{name}` placeholders, plural keys ending in `.one` / `.other`
 * (a language adds the other Intl.PluralRules categories it needs) - the signing page's catalogue convention
 * (apps/api/src/pages/i18n). Every other language has exactly these keys (a test says so).
 *
 * Plain keys (subjects, preheaders) write the title's quotes themselves. In rich keys (`.intro`, `.status`),
 * `{title}` becomes the title (bold in HTML, quoted in text) and `{sender}`, `{signer}`, `{decliner}` and
 * `{previous}` are bold; other placeholders are plain text.
 */
export const en = {
  'title.quoted': '“{title}”',
  'header.via': '{sender} via {product}',
  'greeting.named': 'Hi {name},',
  'greeting.anonymous': 'Hello,',
  sequential: 'This document is signed in order, one person at a time.',

  'label.document': 'Document',
  'label.from': 'From',
  'label.files': 'Files',
  'label.signBy': 'Sign by',
  'label.signers': 'Signers',
  'label.position': 'Your place in the signing order',
  'label.downloadUntil': 'Download link valid until',
  'label.linkFallback': 'Button not working? Copy this link into your browser:',
  'label.messageFrom': 'Message from {sender}:',
  'label.declineReason': 'Their reason:',
  'label.cancelReason': 'Reason given:',

  'footer.sentBy': 'Sent by {product} on behalf of {sender}.',
  'footer.unexpected': 'If you weren’t expecting this email, you can safely ignore it.',
  'footer.participant': 'You are receiving this because you are part of this signing request.',
  'footer.copied': 'You are receiving this because the sender copied you on this signing request.',

  'security.otp': 'For your security, we’ll email you a one-time code when you open the link.',
  'security.publicLink': 'Anyone with this link can sign in your name, so please don’t forward this email.',

  'invite.subject': '{sender} sent you “{title}” to sign',
  'invite.preheader': '{sender} asks you to sign “{title}”. The link expires on {expires}.',
  'invite.heading.yourTurn': 'Please review and sign',
  'invite.heading.waiting': 'You’ve been asked to sign',
  'invite.intro': '{sender} has sent you {title} to sign.',
  'invite.firstInOrder': 'You’re first; the next signer is asked once you have signed.',
  'invite.notYourTurn.one':
    'You’ll be asked to sign after {n} other person – we’ll email you when it’s your turn.',
  'invite.notYourTurn.other':
    'You’ll be asked to sign after {n} other people – we’ll email you when it’s your turn.',
  'invite.button': 'Review and sign',
  'invite.buttonWaiting': 'Open the document',

  'nextSigner.subject': 'Your turn to sign “{title}”',
  'nextSigner.preheader': '{previous} has signed. Please review and sign “{title}”.',
  'nextSigner.heading': 'It’s your turn to sign',
  'nextSigner.status': '{previous} has signed {title}. It’s now your turn to review and sign it.',

  'upcoming.subject': 'You’ll soon be asked to sign “{title}”',
  'upcoming.preheader': '{sender} added you as signer {position} of {total}. No action needed yet.',
  'upcoming.heading': 'Your turn to sign is coming',
  'upcoming.intro': '{sender} has asked you to sign {title}.',
  'upcoming.place': 'You are signer {position} of {total}.',
  'upcoming.noLinkYet': 'There’s nothing to do yet: we’ll email you a signing link when it’s your turn.',
  'upcoming.linkWaits':
    'You can open the document now; you’ll be able to sign once the people before you have signed. We’ll email you when it’s your turn.',
  'upcoming.position': '{position} of {total}',

  'signed.subject': '{signer} signed “{title}”',
  'signed.heading': '{signer} signed',
  'signed.intro': '{signer} has signed {title}.',
  'signed.last': 'That was the last signature. You’ll receive the signed document shortly.',
  'signed.remaining.one': '{n} more signature is needed before the document is complete.',
  'signed.remaining.other': '{n} more signatures are needed before the document is complete.',

  'receipt.subject': 'Your signing receipt for “{title}”',
  'receipt.preheader': 'You signed. Keep this email: it identifies exactly what you signed.',
  'receipt.heading': 'You signed',
  'receipt.intro': 'You signed {title} on {at}.',
  'receipt.hashes':
    'The SHA-256 of each document you signed, and of your signature event in the audit trail, are below. The certificate of the signed PDF lists the same document and the trail it ends in, so anyone can match them.',
  'receipt.eventLabel': 'Your signature event (SHA-256)',

  'completed.subject': 'Completed: “{title}” is signed by everyone',
  'completed.preheader.attached': 'Everyone has signed. The signed PDF is attached.',
  'completed.preheader.link': 'Everyone has signed. Download the signed PDF.',
  'completed.heading': 'Everyone has signed',
  'completed.intro': 'All signers have signed {title}, sent by {sender}.',
  'completed.attached':
    'The signed PDF is attached to this email. Keep it for your records; you can also download it here:',
  'completed.notAttached': 'Download the signed PDF and keep it for your records:',
  'completed.attachedOnly': 'The signed PDF is attached to this email. Keep it for your records.',
  'completed.button': 'Download signed PDF',

  'ccCopy.subject': 'Copy: “{title}” from {sender}',
  'ccCopy.preheader': '{sender} copied you on “{title}”. There is nothing for you to sign.',
  'ccCopy.heading': 'You’ve been copied on a signing request',
  'ccCopy.intro': '{sender} has sent {title} to {signers} for signing, and copied you for your information.',
  'ccCopy.nothingToDo':
    'There is nothing for you to sign. When everyone has signed, we’ll email you the signed document.',

  'declined.subject': '{decliner} declined to sign “{title}”',
  'declined.preheader': '{decliner} declined to sign. The request is closed.',
  'declined.heading': 'Signing declined',
  'declined.intro': '{decliner} declined to sign {title}.',
  'declined.closed':
    'The signing request is now closed and its signing links no longer work. Nothing more is needed from you.',

  'cancelled.subject': 'Cancelled: “{title}”',
  'cancelled.preheader': '{sender} cancelled this signing request.',
  'cancelled.heading': 'Signing request cancelled',
  'cancelled.intro': '{sender} has cancelled the request to sign {title}.',
  'cancelled.closed': 'The signing link no longer works, and nothing more is needed from you.',

  'reminder.subject': 'Reminder: please sign “{title}”',
  'reminder.preheader': '{sender} is waiting for your signature. {left}',
  'reminder.heading': 'Your signature is still needed',
  'reminder.intro': '{sender} is waiting for you to sign {title}.',
  'reminder.lessThanADay': 'The request expires in less than a day, on {expires}.',
  'reminder.left.one': 'The request expires in {n} day, on {expires}.',
  'reminder.left.other': 'The request expires in {n} days, on {expires}.',
  'reminder.button': 'Review and sign',

  'otpCode.subject': 'Your verification code for “{title}”',
  'otpCode.preheader.one': 'Use it within {n} minute. Never share it.',
  'otpCode.preheader.other': 'Use it within {n} minutes. Never share it.',
  'otpCode.heading': 'Your verification code',
  'otpCode.intro': 'Enter this code to open {title} from {sender}:',
  'otpCode.validity.one':
    'The code works once and expires in {n} minute. If it expires, ask for a new one on the signing page.',
  'otpCode.validity.other':
    'The code works once and expires in {n} minutes. If it expires, ask for a new one on the signing page.',
  'otpCode.warning':
    'Never share this code with anyone. If you didn’t just try to open this document, ignore this email: nobody can sign in your name without the code.',
  'label.signedBy': 'Signed by',
  'label.completedAt': 'Completed',
  'label.declinedAt': 'Declined',
  'sent.completed.subject': 'Completed: “{title}” is signed by everyone',
  'sent.completed.preheader': 'Everyone you sent “{title}” to has signed. The sealed PDF is ready.',
  'sent.completed.heading': 'Your signing request is complete',
  'sent.completed.intro':
    'Everyone has signed {title}. The signed documents are sealed and ready to download.',
  'sent.declined.subject': '{decliner} declined “{title}”',
  'sent.declined.preheader': '{decliner} declined to sign. The request is closed.',
  'sent.declined.heading': 'Your signing request was declined',
  'sent.declined.intro': '{decliner} declined to sign {title}.',
  'sent.declined.closed':
    'The request is closed and its signing links no longer work. You can send it again.',
  'sent.button': 'Open in {product}',
  'footer.sender':
    'You are receiving this because you sent this signing request. You can turn these emails off in your settings.',
  'footer.outcomeAddress':
    'You are receiving this because this address is told the outcome of every signing request of {sender}.',
  'memberInvite.subject': '{sender} invited you to “{title}”',
  'memberInvite.preheader': 'Join the account on {product}. The link works until {expires}.',
  'memberInvite.heading': 'You’re invited',
  'memberInvite.intro': '{sender} has invited you to the {product} account {title}.',
  'memberInvite.button': 'Accept the invitation',
  'memberInvite.validity':
    'The link signs you in once, until {expires}. After that, sign in from the sign-in page with this email address.',
  'memberInvite.ignore': 'If you didn’t expect this invitation, you can ignore this email.',
  'memberInvite.account': 'Account',
} as const;

export type EmailKey = keyof typeof en;
/** Plural keys (`.one`/`.other` in English) may add the other Intl.PluralRules categories a language needs. */
type PluralBase = EmailKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;
export type PluralKey = PluralBase;
type ExtraPlural = `${PluralBase}.${'zero' | 'two' | 'few' | 'many'}`;
export type EmailCatalogue = Record<EmailKey, string> & Partial<Record<ExtraPlural, string>>;
