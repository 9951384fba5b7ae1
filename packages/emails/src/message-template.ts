import type { Inline } from './content.ts';
import { multiLine } from './text.ts';

// The rule for `messageTemplate`, which the spec leaves open (README "messageTemplate").
// Validation is strict so integrators hear about typos at send time; rendering is lenient
// (anything that is not a known placeholder stays as written) so a stored template never
// stops an email from going out.

export const MESSAGE_TEMPLATE_PLACEHOLDERS = [
  'recipient.name',
  'recipient.email',
  'session.title',
  'sender.name',
  'signing.url',
  'session.expiresAt',
] as const;

export type MessageTemplatePlaceholder = (typeof MESSAGE_TEMPLATE_PLACEHOLDERS)[number];

export const MESSAGE_TEMPLATE_MAX_LENGTH = 10_000;

export type MessageTemplateProblemCode =
  | 'empty'
  | 'too_long'
  | 'unclosed_placeholder'
  | 'unopened_placeholder'
  | 'invalid_placeholder'
  | 'unknown_placeholder';

export type MessageTemplateValidation =
  | { ok: true }
  | { ok: false; code: MessageTemplateProblemCode; message: string };

type Segment = { text: string } | { placeholder: MessageTemplatePlaceholder };

interface Problem {
  code: Exclude<MessageTemplateProblemCode, 'empty' | 'too_long'>;
  message: string;
  /** The placeholder as written, for unknown names. */
  raw?: string;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;
const KNOWN = new Set<string>(MESSAGE_TEMPLATE_PLACEHOLDERS);
const ALLOWED_LIST = MESSAGE_TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');

/** One pass that both the validator and the renderer use, so they agree on what a placeholder is. */
function scan(template: string): { segments: Segment[]; problems: Problem[] } {
  const segments: Segment[] = [];
  const problems: Problem[] = [];
  const at = (i: number) => `at character ${i + 1}`;
  let text = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{{', i);
    const stray = template.indexOf('}}', i);
    if (stray !== -1 && (open === -1 || stray < open)) {
      problems.push({ code: 'unopened_placeholder', message: `"}}" without a matching "{{" ${at(stray)}` });
      text += template.slice(i, stray + 2);
      i = stray + 2;
      continue;
    }
    if (open === -1) {
      text += template.slice(i);
      break;
    }
    text += template.slice(i, open);
    const close = template.indexOf('}}', open + 2);
    const reopen = template.indexOf('{{', open + 2);
    if (close === -1 || (reopen !== -1 && reopen < close)) {
      problems.push({ code: 'unclosed_placeholder', message: `"{{" without a matching "}}" ${at(open)}` });
      const resume = reopen === -1 ? template.length : reopen;
      text += template.slice(open, resume);
      i = resume;
      continue;
    }
    const raw = template.slice(open, close + 2);
    const name = template.slice(open + 2, close).trim();
    i = close + 2;
    if (!NAME.test(name)) {
      problems.push({
        code: 'invalid_placeholder',
        message: `${raw} ${at(open)} is not a valid placeholder`,
      });
      text += raw;
    } else if (!KNOWN.has(name)) {
      problems.push({ code: 'unknown_placeholder', message: `unknown placeholder ${raw}`, raw });
      text += raw;
    } else {
      if (text) segments.push({ text });
      text = '';
      segments.push({ placeholder: name as MessageTemplatePlaceholder });
    }
  }
  if (text) segments.push({ text });
  return { segments, problems };
}

/** For the API to answer 400 before anything is sent. */
export function validateMessageTemplate(template: string): MessageTemplateValidation {
  if (template.trim() === '') {
    return {
      ok: false,
      code: 'empty',
      message: 'messageTemplate must not be empty; omit it to use the default invite text',
    };
  }
  if (template.length > MESSAGE_TEMPLATE_MAX_LENGTH) {
    return {
      ok: false,
      code: 'too_long',
      message: `messageTemplate is ${template.length} characters long; the maximum is ${MESSAGE_TEMPLATE_MAX_LENGTH}`,
    };
  }
  const { problems } = scan(template);
  const structural = problems.find((p) => p.code !== 'unknown_placeholder');
  if (structural) {
    return { ok: false, code: structural.code, message: `messageTemplate: ${structural.message}` };
  }
  const unknown = [...new Set(problems.map((p) => p.raw))];
  if (unknown.length > 0) {
    return {
      ok: false,
      code: 'unknown_placeholder',
      message: `messageTemplate: unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; allowed placeholders are ${ALLOWED_LIST}`,
    };
  }
  return { ok: true };
}

export type MessageTemplateValues = Record<MessageTemplatePlaceholder, string>;

/** The template as inline runs: values as text (escaped later by the layout), the URL as a link. */
export function renderMessageTemplate(template: string, values: MessageTemplateValues): Inline[] {
  return scan(multiLine(template)).segments.map((s): Inline => {
    if ('text' in s) return s.text;
    if (s.placeholder === 'signing.url') return { link: values['signing.url'] };
    return values[s.placeholder];
  });
}
