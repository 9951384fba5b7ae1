import { describe, expect, it } from 'vitest';
import { samples } from '../scripts/samples.ts';
import {
  type EmailMessage,
  EmailRenderError,
  escapeHtml,
  type RenderedEmail,
  renderEmail,
  SUBJECT_MAX_LENGTH,
} from '../src/index.ts';

const TITLE = samples.invite.sessionTitle;
const SENDER = samples.invite.senderName;
const SIGNING_URL = samples.invite.signingUrl;
const EVIL = '<script>alert(1)</script> & "quotes"';

/** Each fact must be in the text part as written and in the HTML part escaped. */
function expectFacts(email: RenderedEmail, ...facts: string[]): void {
  for (const fact of facts) {
    expect(email.text, `text part should contain ${fact}`).toContain(fact);
    expect(email.html, `html part should contain ${fact}`).toContain(escapeHtml(fact));
  }
}

function withOverrides(message: EmailMessage, overrides: Partial<Record<string, unknown>>): EmailMessage {
  return { ...message, ...overrides } as EmailMessage;
}

const allSamples = Object.entries(samples) as [string, EmailMessage][];

describe('emails to a cc address', () => {
  it.each(['cc_copy', 'completed-cc'] as const)('%s holds no link at all', (name) => {
    const { html, text } = renderEmail(samples[name]);
    expect(html).not.toMatch(/href=|https?:\/\//);
    expect(text).not.toMatch(/https?:\/\//);
  });

  it('a completed email with neither a link nor the PDF attached is refused', () => {
    expect(() => renderEmail({ ...samples['completed-cc'], attached: false })).toThrow(/downloadUrl/);
  });
});

describe('every kind', () => {
  it.each(allSamples)('%s shows the title, the sender and the recipient in both parts', (_name, message) => {
    const email = renderEmail(message);
    expect(email.subject.length).toBeGreaterThan(0);
    expectFacts(email, TITLE, SENDER, 'Dana Whitfield');
    expect(email.html).toContain(`Sent by Countersign on behalf of ${SENDER}.`);
  });

  it.each(allSamples)('%s HTML is phone-ready, self-contained and inline-styled', (_name, message) => {
    const { html } = renderEmail(message);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:560px');
    expect(html).toContain('font-size:16px');
    expect(html).toContain('-apple-system,BlinkMacSystemFont');
    // Hidden preheader right after <body>.
    expect(html).toMatch(/<body[^>]*>\n<div style="display:none;[^"]*">[^<]+/);
    // No <style>, scripts, images, fonts or any other resource a client would fetch.
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase()));
    const allowed = [
      'html',
      'head',
      'meta',
      'title',
      'body',
      'div',
      'table',
      'tr',
      'td',
      'h1',
      'p',
      'strong',
      'a',
      'br',
      'bdi',
    ];
    expect([...tags].filter((t) => !allowed.includes(t))).toEqual([]);
    expect(html).not.toMatch(/\bsrc=|url\(|@import|<link/i);
  });

  it.each(allSamples)('%s links only to the URLs it was given', (_name, message) => {
    const { html, text } = renderEmail(message);
    const given = Object.values(message).filter(
      (v): v is string => typeof v === 'string' && v.startsWith('https://'),
    );
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    for (const href of hrefs) expect(given.map(escapeHtml)).toContain(href);
    for (const url of given) expect(text).toContain(url);
  });

  it.each(allSamples)('%s escapes every user-supplied string in the HTML part', (_name, message) => {
    const evil = withOverrides(message, {
      sessionTitle: EVIL,
      senderName: EVIL,
      recipientName: EVIL,
      message: `${EVIL}\nsecond line`,
      reason: EVIL,
      signerName: EVIL,
      declinerName: EVIL,
      previousSignerName: EVIL,
      documents: [EVIL],
    });
    const { html, text, subject } = renderEmail(evil);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('"quotes"');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    // Text is not HTML: it keeps the strings as written.
    expect(text).toContain(EVIL);
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it.each(allSamples)('%s keeps CR/LF out of the subject (header injection)', (_name, message) => {
    const { subject } = renderEmail(
      withOverrides(message, {
        sessionTitle: 'NDA\r\nBcc: victim@example.test',
        senderName: 'Acme\nX-Evil: 1',
        signerName: 'Sam\rOkafor',
        declinerName: 'Sam\u2028Okafor',
        ...('subject' in message ? { subject: 'NDA\r\nBcc: victim@example.test' } : {}),
      }),
    );
    expect(subject).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(subject).toContain('NDA Bcc: victim@example.test');
  });

  it.each(allSamples)('%s truncates a long title in the subject but not in the body', (_name, message) => {
    const longTitle = `Master services agreement ${'with an extremely long descriptive annex '.repeat(6)}END`;
    const email = renderEmail(
      withOverrides(message, {
        sessionTitle: longTitle,
        senderName: 'A'.repeat(120),
        signerName: 'B'.repeat(120),
        subject: null,
      }),
    );
    expect([...new Intl.Segmenter().segment(email.subject)].length).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
    expect(email.subject).toContain('…');
    expect(email.subject).toContain('Master services agreement');
    expectFacts(email, longTitle);
  });
});

describe('invite', () => {
  it('has the link, files, expiry in UTC, the personal message and the code notice', () => {
    const email = renderEmail(samples.invite);
    expect(email.subject).toBe(`Acme Legal sent you “${TITLE}” to sign`);
    expectFacts(
      email,
      SIGNING_URL,
      'Review and sign',
      'NDA-Acme-Globex.pdf',
      'Schedule-A.pdf',
      '14 March 2025, 14:30 UTC',
      'we’ll email you a one-time code when you open the link',
      'Message from Acme Legal:',
    );
    // Personal message: quoted, line breaks kept.
    expect(email.text).toContain('> Hi Dana,\n> here is the NDA we discussed on Tuesday.\n>\n> Thanks, Sam');
    expect(email.html).toContain('Hi Dana,<br>here is the NDA we discussed on Tuesday.<br><br>Thanks, Sam');
    // The link is also shown as text under the button.
    expect(email.html).toContain(`Copy this link into your browser:<br><a href="${SIGNING_URL}"`);
    expect(email.html.split(SIGNING_URL).length - 1).toBe(3);
  });

  it('tells a later sequential signer how many sign first, and warns that a public link is a key', () => {
    const email = renderEmail(samples['invite-waiting']);
    expectFacts(
      email,
      'You’ll be asked to sign after 2 other people',
      'Open the document',
      'Anyone with this link can sign in your name',
    );
    expect(email.text).not.toContain('one-time code');
    const one = renderEmail({ ...samples['invite-waiting'], signersBefore: 1 });
    expect(one.text).toContain('after 1 other person');
  });

  it('tells the first sequential signer that others follow', () => {
    const email = renderEmail({ ...samples.invite, signingType: 'sequential' });
    expect(email.text).toContain('You’re first; the next signer is asked once you have signed.');
  });

  it('uses a subject override, stripped of CR/LF and shortened; blank means default', () => {
    expect(renderEmail({ ...samples.invite, subject: 'Please sign the NDA' }).subject).toBe(
      'Please sign the NDA',
    );
    expect(renderEmail({ ...samples.invite, subject: 'Hi\r\nBcc: x@example.test' }).subject).toBe(
      'Hi Bcc: x@example.test',
    );
    const long = renderEmail({ ...samples.invite, subject: 'word '.repeat(40) }).subject;
    expect(long.length).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    const standard = renderEmail(samples.invite).subject;
    expect(renderEmail({ ...samples.invite, subject: null }).subject).toBe(standard);
    expect(renderEmail({ ...samples.invite, subject: ' \r\n ' }).subject).toBe(standard);
  });

  it('formats dates in UTC whatever offset the Date was built with', () => {
    const email = renderEmail({ ...samples.invite, expiresAt: new Date('2025-03-14T23:30:00-05:00') });
    expectFacts(email, '15 March 2025, 04:30 UTC');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => renderEmail({ ...samples.invite, signingUrl: 'javascript:alert(1)' })).toThrow(
      EmailRenderError,
    );
    expect(() => renderEmail({ ...samples.invite, signingUrl: 'not a url' })).toThrow(/signingUrl/);
  });
});

describe('next_signer', () => {
  it('says who signed before and that it is now this signer’s turn', () => {
    const email = renderEmail(samples.next_signer);
    expect(email.subject).toBe(`Your turn to sign “${TITLE}”`);
    expectFacts(email, 'Sam Okafor', 'It’s now your turn', SIGNING_URL, '14 March 2025, 14:30 UTC');
  });

  it('takes the send’s subject and personal message', () => {
    const email = renderEmail({ ...samples.next_signer, subject: 'Your NDA', message: 'See clause 4.' });
    expect(email.subject).toBe('Your NDA');
    expectFacts(email, 'Message from Acme Legal:', 'See clause 4.');
  });
});

describe('upcoming', () => {
  it('gives the place in the order and promises a link later', () => {
    const email = renderEmail(samples.upcoming);
    expectFacts(
      email,
      'You are signer 3 of 4',
      '3 of 4',
      'we’ll email you a signing link when it’s your turn',
    );
    expect(email.html).not.toContain('href=');
    expect(email.text).not.toContain('https://');
  });

  it('shows a waiting link when there is one', () => {
    const email = renderEmail({ ...samples.upcoming, signingUrl: SIGNING_URL });
    expectFacts(email, SIGNING_URL, 'you’ll be able to sign once the people before you have signed');
  });

  it('rejects a position beyond the total', () => {
    expect(() => renderEmail({ ...samples.upcoming, position: 5, total: 4 })).toThrow(EmailRenderError);
  });
});

describe('signed', () => {
  it('names the signer and counts what remains', () => {
    const email = renderEmail(samples.signed);
    expect(email.subject).toBe(`Sam Okafor signed “${TITLE}”`);
    expectFacts(email, 'Sam Okafor', '2 more signatures are needed');
    expect(renderEmail({ ...samples.signed, remaining: 1 }).text).toContain('1 more signature is needed');
    expect(renderEmail({ ...samples.signed, remaining: 0 }).text).toContain('That was the last signature.');
  });

  it('greets an address without a name (cc) neutrally', () => {
    const email = renderEmail({ ...samples.signed, recipientName: null });
    expect(email.text.startsWith('Hello,\n')).toBe(true);
  });
});

describe('completed', () => {
  it('links the download, says until when, and whether the PDF is attached', () => {
    const email = renderEmail(samples.completed);
    expectFacts(
      email,
      samples.completed.downloadUrl,
      'Download signed PDF',
      '13 April 2025, 09:05 UTC',
      'The signed PDF is attached to this email.',
    );
    const notAttached = renderEmail({ ...samples.completed, attached: false });
    expect(notAttached.text).not.toContain('attached');
    expect(notAttached.text).toContain('Download the signed PDF');
  });
});

describe('declined', () => {
  it('names who declined and quotes the reason only when given', () => {
    const email = renderEmail(samples.declined);
    expect(email.subject).toBe(`Sam Okafor declined to sign “${TITLE}”`);
    expectFacts(
      email,
      'Sam Okafor',
      'Their reason:',
      'Clause 4 needs a two-year term, not five.',
      'no longer work',
    );
    for (const reason of [undefined, null, '  ']) {
      expect(renderEmail({ ...samples.declined, reason }).text).not.toContain('Their reason');
    }
  });
});

describe('cancelled', () => {
  it('says who cancelled and includes the reason only when given', () => {
    const email = renderEmail(samples.cancelled);
    expect(email.subject).toBe(`Cancelled: “${TITLE}”`);
    expectFacts(
      email,
      'has cancelled the request',
      'Reason given:',
      'Superseded by the revised agreement sent today.',
    );
    const silent = renderEmail({ ...samples.cancelled, reason: undefined });
    expect(silent.text).not.toContain('Reason given');
    expect(silent.html).not.toContain('Reason given');
  });
});

describe('reminder', () => {
  it('has the link and how long is left', () => {
    const email = renderEmail(samples.reminder);
    expect(email.subject).toBe(`Reminder: please sign “${TITLE}”`);
    expectFacts(email, SIGNING_URL, 'expires in 3 days, on 14 March 2025, 14:30 UTC');
    expect(renderEmail({ ...samples.reminder, daysLeft: 1 }).text).toContain('expires in 1 day,');
    expect(renderEmail({ ...samples.reminder, daysLeft: 0 }).text).toContain('expires in less than a day');
  });
});

describe('otp_code', () => {
  it('shows the code and its lifetime', () => {
    const email = renderEmail(samples.otp_code);
    expectFacts(email, '482913', '10 minutes', 'Never share this code');
  });

  it('has no link at all, and keeps the code out of the subject and preheader', () => {
    const email = renderEmail(samples.otp_code);
    expect(email.html).not.toContain('href');
    expect(email.html).not.toMatch(/https?:/);
    expect(email.text).not.toMatch(/https?:/);
    expect(email.subject).not.toContain('482913');
    const preheader = /<div style="display:none;[^"]*">([^<&]*)/.exec(email.html)?.[1];
    expect(preheader).toBeTruthy();
    expect(preheader).not.toContain('482913');
  });

  it('refuses a code that is not digits', () => {
    expect(() => renderEmail({ ...samples.otp_code, code: '12<b>' })).toThrow(EmailRenderError);
  });
});
