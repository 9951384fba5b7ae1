/**
 * Every word of the signing page in English: the reference catalogue. Keys are flat; `{name}` placeholders are
 * filled by the page; plural keys end in `.one` / `.other` (and any other Intl.PluralRules category a language
 * needs). Every other language has exactly these keys (a test says so).
 */
export const en = {
  'lang.name': 'English',
  'lang.label': 'Language',
  'lang.apply': 'Change language',
  skip: 'Skip to content',
  loading: 'Loading the document…',
  noscript: 'Signing needs JavaScript. Turn it on and reload this page.',
  'meta.for': 'For {name} <{email}>',
  'meta.fromFor': 'From {sender} · for {name}',
  'doc.label': 'Document',
  'doc.page': '{file}, page {n} of {total}',
  'doc.viewerFailed': 'The document viewer could not load. Reload the page to try again.',
  'doc.fileFailed': '{file} could not be displayed. Reload the page to try again.',

  'decline.open': 'Decline',
  'decline.title': 'Decline to sign?',
  'decline.text': 'The signing request will be closed for everyone and the sender will be told.',
  'decline.reason': 'Reason',
  'decline.reasonNote': '(optional, shared with the sender)',
  'decline.back': 'Go back',
  'decline.ok': 'Decline',
  'decline.done.heading': 'You declined to sign',
  'decline.done.text': 'The signing request is closed and the sender has been told. You can close this page.',

  'gate.title': 'Confirm it’s you',
  'gate.toSee': 'To see the document, enter the 6-digit code we email to ',
  'gate.toDownload': 'To download the signed document, enter the 6-digit code we email to ',
  'gate.send': 'Email me a code',
  'gate.codeLabel': '6-digit code',
  'gate.codeHelp': 'The code is valid for 10 minutes. Check your spam folder if it does not arrive.',
  'gate.verify': 'Verify',
  'gate.resend': 'Send a new code',
  'gate.sent': 'Code sent. It can take a minute to arrive.',
  'gate.sixDigits': 'Enter the 6 digits from the email.',
  'gate.cooldown': 'A code was already sent to you. Enter it below; you can ask for a new one {when}.',
  'gate.locked': 'Too many wrong codes. For your security, codes are blocked until {time}.',

  'state.verified': 'Verified: ready to sign',
  'state.ready': 'Ready to sign',
  'state.readyText':
    'Review the document, then complete the highlighted fields. “Next field” takes you to each one.',
  'state.signed': 'You have signed',
  'state.signedText':
    'Thank you. We will email you when everyone has signed, with a link to the signed document.',
  'state.wait': 'Waiting for your turn',
  'state.waitText':
    '{names} must sign first. We will email you when it is your turn; you can review the document meanwhile.',
  'state.anotherSigner': 'Another signer',
  'state.preparing': 'Everyone has signed',
  'state.preparingText': 'We are preparing the signed document. This page updates when it is ready.',
  'state.lastSigned': 'You have signed: everyone has now signed',
  'state.completed': 'Completed: everyone has signed',
  'state.completedText':
    'The signed document is sealed so anyone can check it was not changed. This link offers it until {time}.',
  'state.download': 'Download {file}',
  'state.signedFile': '{name} (signed).pdf',
  'state.error': 'Something went wrong',

  'bar.next': 'Next field',
  'bar.finish': 'Finish signing',
  'bar.signing': 'Signing…',
  'bar.allDone': 'All fields done.',
  'bar.left.one': '{n} required field left',
  'bar.left.other': '{n} required fields left',
  'bar.stillEmpty.one': '{n} required field is still empty.',
  'bar.stillEmpty.other': '{n} required fields are still empty.',
  'bar.position': 'Field {n} of {total}',
  'bar.saved': 'Saved',
  'bar.saveFailed': 'Your entries could not be saved on the server; they are kept on this page. {reason}',

  'field.signature': 'Signature',
  'field.initials': 'Initials',
  'field.checkbox': 'Checkbox',
  'field.date': 'Date',
  'field.text': 'Text',
  'field.name': 'Name',
  'field.email': 'Email',
  'field.required': 'required',
  'field.optional': 'optional',
  'field.done': 'done',
  'field.describe': '{kind}, page {page}, {status}',
  'field.sign': 'Sign',
  'field.initial': 'Initial',
  'field.signHere': 'Sign here',
  'field.initialHere': 'Initial here',
  'field.remove': 'Remove from this field',
  'field.change': 'Change',
  'field.yourSignature': 'Your signature',
  'field.yourInitials': 'Your initials',
  'field.auto': 'Added when you sign',
  'field.autoDone': 'added automatically',
  'field.autoEditor': '{label}: added automatically when you sign ({value}).',
  'field.labelRequired': '{label} (required)',
  'field.labelOptional': '{label} (optional)',
  'field.signedBy': 'Signed by {name}',

  'adopt.title': 'Adopt your signature',
  'adopt.how': 'How to sign',
  'adopt.type': 'Type',
  'adopt.draw': 'Draw',
  'adopt.name': 'Your full name',
  'adopt.drawHelp': 'Draw your signature in the box with a finger, pen or mouse.',
  'adopt.pad': 'Signature drawing area',
  'adopt.clear': 'Clear',
  'adopt.initials': 'Your initials',
  'adopt.consent':
    'By adopting them, you agree that this signature and these initials are the electronic representation of your signature wherever you place them on this document.',
  'adopt.cancel': 'Cancel',
  'adopt.ok': 'Adopt',
  'adopt.drawFirst': 'Draw your signature in the box, or choose Type.',
  'adopt.typeName': 'Type your name to use it as your signature.',
  'adopt.typeInitials': 'Type your initials.',
  'adopt.done': 'Signature adopted. Tap each signature and initials field to place it.',

  'error.network': 'We could not reach the server. Check your connection and try again.',
  'error.status': 'The request failed ({status}).',

  'gone.link_not_found.heading': 'This signing link is not valid',
  'gone.link_not_found.text':
    'Check that you opened the whole link from your email. If it still does not work, ask the sender for a new one.',
  'gone.link_revoked.heading': 'This link no longer works',
  'gone.link_revoked.text':
    'The sender withdrew it. Use the most recent email you received about this document, or contact the sender.',
  'gone.session_cancelled.heading': 'This signing request was cancelled',
  'gone.session_cancelled.text':
    'The sender cancelled it, so no signature is needed. Contact the sender if you have questions.',
  'gone.session_expired.heading': 'This signing request has expired',
  'gone.session_expired.text': 'It was not signed by everyone in time. Ask the sender to send it again.',
  'gone.session_declined.heading': 'This signing request was declined',
  'gone.session_declined.text': 'A signer declined it, so it is closed and no further signatures are needed.',
  'gone.download_expired.heading': 'This download has expired',
  'gone.download_expired.text':
    'The document was completed too long ago for this link to offer it. Ask the sender for a copy.',
} as const;

export type PageKey = keyof typeof en;
/** Plural keys (`.one`/`.other` in English) may add the other Intl.PluralRules categories a language needs. */
type PluralBase = PageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;
type ExtraPlural = `${PluralBase}.${'zero' | 'two' | 'few' | 'many'}`;
export type PageCatalogue = Record<PageKey, string> & Partial<Record<ExtraPlural, string>>;
