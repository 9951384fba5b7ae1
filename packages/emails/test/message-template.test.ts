import { describe, expect, it } from 'vitest';
import { samples } from '../scripts/samples.ts';
import {
  MESSAGE_TEMPLATE_MAX_LENGTH,
  MESSAGE_TEMPLATE_PLACEHOLDERS,
  renderEmail,
  validateMessageTemplate,
} from '../src/index.ts';

const invite = samples['invite-template'];
const SIGNING_URL = invite.signingUrl;

function render(
  messageTemplate: string,
  overrides: { message?: string; recipientName?: string; sessionTitle?: string } = {},
) {
  return renderEmail({ ...invite, ...overrides, messageTemplate });
}

describe('messageTemplate rendering', () => {
  it('substitutes every placeholder in both parts', () => {
    const email = render(
      'To {{recipient.name}} <{{recipient.email}}>: {{sender.name}} sent {{session.title}}, due {{session.expiresAt}}. {{signing.url}}',
    );
    const expected = `To Dana Whitfield <dana@globex.test>: Acme Legal sent ${invite.sessionTitle}, due 14 March 2025, 14:30 UTC. ${SIGNING_URL}`;
    expect(email.text).toContain(expected);
    expect(email.html).toContain(
      `To Dana Whitfield &lt;dana@globex.test&gt;: Acme Legal sent ${invite.sessionTitle}, due 14 March 2025, 14:30 UTC. <a href="${SIGNING_URL}"`,
    );
  });

  it('replaces the greeting and introduction but keeps the message, button, notes and details', () => {
    const email = render('Dear {{recipient.name}},\n\nPlease sign.', { message: 'Personal note' });
    expect(email.text.startsWith('Dear Dana Whitfield,\n\nPlease sign.\n\n')).toBe(true);
    expect(email.text).not.toContain('Hi Dana');
    expect(email.text).not.toContain('has sent you');
    expect(email.text).toContain('> Personal note');
    expect(email.text).toContain(`Review and sign:\n${SIGNING_URL}`);
    expect(email.text).toContain('one-time code');
    expect(email.text).toContain(`Document: ${invite.sessionTitle}`);
    expect(email.html).toContain('Dear Dana Whitfield,<br><br>Please sign.');
  });

  it('always adds the signing button, even when the template has no SIGNING_URL', () => {
    const email = render('Please sign, {{recipient.name}}.');
    expect(email.html).toContain(`<a href="${SIGNING_URL}" target="_blank" style="display:block;`);
    expect(email.text).toContain(SIGNING_URL);
  });

  it('leaves unknown placeholders and stray braces as written', () => {
    const email = render('Hi {{recipient.first_name}} {single} }} {{ {{recipient.name}}');
    expect(email.text).toContain('Hi {{recipient.first_name}} {single} }} {{ Dana Whitfield');
  });

  it('accepts spaces inside the braces', () => {
    expect(render('Hi {{ recipient.name }}!').text).toContain('Hi Dana Whitfield!');
  });

  it('escapes the template and the values in the HTML part', () => {
    const evil = '<img src=x onerror=alert(1)> & "q"';
    const email = render('<a href="https://evil.test">{{recipient.name}}</a> {{session.title}}', {
      recipientName: evil,
      sessionTitle: evil,
    });
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('href="https://evil.test"');
    expect(email.html).toContain(
      '&lt;a href=&quot;https://evil.test&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;&lt;/a&gt;',
    );
    expect(email.text).toContain(`<a href="https://evil.test">${evil}</a> ${evil}`);
  });

  it('applies to the next-signer invite too', () => {
    const email = renderEmail({
      ...samples.next_signer,
      messageTemplate: 'Dear {{recipient.name}}, over to you.',
    });
    expect(email.text.startsWith('Dear Dana Whitfield, over to you.\n\nSam Okafor has signed')).toBe(true);
  });

  it('treats a blank template as none', () => {
    const standard = renderEmail({ ...invite, messageTemplate: null });
    expect(render(' \n ').text).toBe(standard.text);
    expect(standard.text).toContain('Acme Legal has sent you');
  });
});

describe('validateMessageTemplate', () => {
  it('accepts every documented placeholder, plain text and single braces', () => {
    const all = MESSAGE_TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ');
    expect(validateMessageTemplate(all)).toEqual({ ok: true });
    expect(validateMessageTemplate('Hello {{ recipient.name }}, see {section 2}.')).toEqual({ ok: true });
    expect(validateMessageTemplate('No placeholders at all.')).toEqual({ ok: true });
  });

  it('rejects an unknown name and lists the allowed ones', () => {
    const result = validateMessageTemplate('Hi {{recipient.firstName}} and {{foo}} and {{foo}}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('unknown_placeholder');
    expect(result.message).toContain('unknown placeholders {{recipient.firstName}}, {{foo}};');
    for (const p of MESSAGE_TEMPLATE_PLACEHOLDERS) expect(result.message).toContain(`{{${p}}}`);
  });

  it.each([
    ['Hi {{recipient.name', 'unclosed_placeholder', 'character 4'],
    ['Hi {{recipient.name {{sender.name}}', 'unclosed_placeholder', 'character 4'],
    ['Hi recipient.name}}', 'unopened_placeholder', 'character 18'],
    ['Hi {{}}', 'invalid_placeholder', '{{}}'],
    ['Hi {{{recipient.name}}}', 'invalid_placeholder', '{{{recipient.name}}'],
    ['Hi {{recipient name}}', 'invalid_placeholder', '{{recipient name}}'],
    ['Hi {{Recipient.Name}}', 'unknown_placeholder', '{{Recipient.Name}}'],
  ])('rejects %j (%s)', (template, code, mention) => {
    const result = validateMessageTemplate(template);
    expect(result).toMatchObject({ ok: false, code });
    if (!result.ok) expect(result.message).toContain(mention);
  });

  it('reports a structural problem before unknown names', () => {
    expect(validateMessageTemplate('{{foo}} {{recipient.name')).toMatchObject({
      code: 'unclosed_placeholder',
    });
  });

  it('rejects empty and oversized templates', () => {
    expect(validateMessageTemplate('  \n')).toMatchObject({ ok: false, code: 'empty' });
    expect(validateMessageTemplate('x'.repeat(MESSAGE_TEMPLATE_MAX_LENGTH + 1))).toMatchObject({
      ok: false,
      code: 'too_long',
    });
    expect(validateMessageTemplate('x'.repeat(MESSAGE_TEMPLATE_MAX_LENGTH))).toEqual({ ok: true });
  });
});
