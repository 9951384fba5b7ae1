/** The signer API's error codes that mean a link no longer leads to signing; the page explains each one. */
export const LINK_MESSAGE_CODES = [
  'link_not_found',
  'link_revoked',
  'session_cancelled',
  'session_expired',
  'session_declined',
  'download_expired',
] as const;

export type LinkMessageCode = (typeof LINK_MESSAGE_CODES)[number];

export const isLinkMessageCode = (code: string): code is LinkMessageCode =>
  (LINK_MESSAGE_CODES as readonly string[]).includes(code);
