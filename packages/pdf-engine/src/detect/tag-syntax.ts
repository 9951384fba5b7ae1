import { type DetectedFieldType, detectedFieldTypes } from './types.ts';

/**
 * Text tags: `{{Label}}` or `{{Label;key=value;...}}` typed into a document where a field belongs.
 * Keys: `type` (text, checkbox, date, signature, initials, name, email; default text), `role` (the
 * placeholder role that fills it; none = filled by the sender), `required` (true or false).
 * Parts are separated by `;`, spaces around parts and values are ignored, keys are case-insensitive.
 */
export const TAG_PATTERN = /\{\{([^{}]*)\}\}/g;

export interface ParsedTag {
  label: string;
  type: DetectedFieldType;
  role: string | null;
  required: boolean | null;
}

export function parseTag(inner: string): ParsedTag | { error: string } {
  const [first = '', ...options] = inner.split(';');
  const label = first.trim();
  if (label === '') return { error: 'the tag has no label (write {{Label;type=...}})' };
  const tag: ParsedTag = { label, type: 'text', role: null, required: null };
  const seen = new Set<string>();
  for (const option of options) {
    if (option.trim() === '') continue;
    const eq = option.indexOf('=');
    if (eq < 0) return { error: `"${option.trim()}" is not key=value` };
    const key = option.slice(0, eq).trim().toLowerCase();
    const value = option.slice(eq + 1).trim();
    if (seen.has(key)) return { error: `"${key}" is given twice` };
    seen.add(key);
    switch (key) {
      case 'type': {
        const type = value.toLowerCase();
        if (!(detectedFieldTypes as readonly string[]).includes(type)) {
          return { error: `type "${value}" is not one of ${detectedFieldTypes.join(', ')}` };
        }
        tag.type = type as DetectedFieldType;
        break;
      }
      case 'role':
        if (value === '') return { error: 'role is empty' };
        tag.role = value;
        break;
      case 'required': {
        const v = value.toLowerCase();
        if (v !== 'true' && v !== 'false') return { error: `required must be true or false, not "${value}"` };
        tag.required = v === 'true';
        break;
      }
      default:
        return { error: `unknown key "${key}" (keys: type, role, required)` };
    }
  }
  return tag;
}
