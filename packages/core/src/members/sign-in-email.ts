import { escapeHtml } from '@countersign/emails';
import type { EmailPayload } from '../outbox/email.ts';

export interface SignInLinkForEmail {
  accountName: string;
  url: string;
}

/**
 * The sign-in email: one link per account the address belongs to. Plain, with no tracking, and saying how long
 * the link works so an expired one is not a surprise.
 */
export function signInEmail(to: string, links: SignInLinkForEmail[], validMinutes: number): EmailPayload {
  const subject = 'Your Countersign sign-in link';
  const intro = 'Sign in to Countersign with this link:';
  const lines = links.map((l) => (links.length > 1 ? `${l.accountName}: ${l.url}` : l.url));
  const text = [
    intro,
    '',
    ...lines,
    '',
    `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this email.`,
  ].join('\n');
  const items = links
    .map(
      (l) =>
        `<p>${links.length > 1 ? `${escapeHtml(l.accountName)}: ` : ''}<a href="${escapeHtml(l.url)}">Sign in to ${escapeHtml(l.accountName)}</a></p>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body><p>${escapeHtml(intro)}</p>${items}` +
    `<p>The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this email.</p>` +
    '</body></html>';
  return { to: [to], subject, text, html };
}
