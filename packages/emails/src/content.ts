// The layout-neutral shape every kind builds. Strings in it are plain text: the HTML layout
// escapes each one when it writes it, so no builder can forget to.

/** A run of text. `\n` inside a plain string is a line break the layouts keep. */
export type Inline =
  | string
  /** Emphasised (bold in HTML, plain in text). */
  | { strong: string }
  /** A document title: bold in HTML, in quotes in text. */
  | { title: string }
  /** A link, shown as its URL in text. */
  | { link: string };

export type Block =
  | { type: 'paragraph'; parts: Inline[] }
  /** Smaller, muted text. */
  | { type: 'note'; parts: Inline[] }
  /** Someone's own words (personal message, reason), line breaks kept. */
  | { type: 'quote'; label: string; text: string }
  /** The call to action, with the URL repeated as text under it. */
  | { type: 'button'; label: string; url: string; fallbackLabel: string }
  /** A one-time code, large and easy to copy. */
  | { type: 'code'; code: string };

export interface Detail {
  label: string;
  /** Several values are listed one per line. */
  value: string | string[];
}

/** The account's look (branding): its accent colour for buttons and links, and its logo above the card. */
export interface Brand {
  accentColor: string | null;
  logoUrl: string | null;
}

export interface EmailContent {
  lang: string;
  dir: 'ltr' | 'rtl';
  subject: string;
  /** Inbox preview line; hidden in the body. */
  preheader: string;
  heading: string;
  /** Shown above the card in HTML: who the email comes from ("Acme via Countersign"). */
  header: string;
  /** The sender, set in bold within `header`. */
  senderName: string;
  /** The text part writes a title in the language's quotation marks. */
  quoteTitle: (title: string) => string;
  brand: Brand;
  blocks: Block[];
  /** The facts box: always holds the document title and sender. */
  details: Detail[];
  footer: string[];
}
