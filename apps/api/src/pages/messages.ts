/**
 * What the signing page says when a link no longer leads to signing, by the signer API's error code.
 * The server renders these for the first load; the page script reads the same table for later changes.
 */
export const linkMessages = {
  link_not_found: {
    heading: 'This signing link is not valid',
    text: 'Check that you opened the whole link from your email. If it still does not work, ask the sender for a new one.',
  },
  link_revoked: {
    heading: 'This link no longer works',
    text: 'The sender withdrew it. Use the most recent email you received about this document, or contact the sender.',
  },
  session_cancelled: {
    heading: 'This signing request was cancelled',
    text: 'The sender cancelled it, so no signature is needed. Contact the sender if you have questions.',
  },
  session_expired: {
    heading: 'This signing request has expired',
    text: 'It was not signed by everyone in time. Ask the sender to send it again.',
  },
  session_declined: {
    heading: 'This signing request was declined',
    text: 'A signer declined it, so it is closed and no further signatures are needed.',
  },
  download_expired: {
    heading: 'This download has expired',
    text: 'The document was completed too long ago for this link to offer it. Ask the sender for a copy.',
  },
} as const;

export type LinkMessageCode = keyof typeof linkMessages;

export const isLinkMessageCode = (code: string): code is LinkMessageCode => Object.hasOwn(linkMessages, code);
