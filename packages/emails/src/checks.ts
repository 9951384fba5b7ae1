import type { Brand } from './content.ts';
import { EmailRenderError } from './errors.ts';

// Inputs that come from our own code, not from users: a bad one is a bug, so fail loudly
// instead of sending a broken email.

/** Returns the URL in its normalised form; only http(s) may become a link. */
export function checkedUrl(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EmailRenderError('invalid_message', `${field} is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new EmailRenderError('invalid_message', `${field} must be an http(s) URL, got ${url.protocol}`);
  }
  return url.href;
}

export function checkedCount(field: string, value: number, min = 0): number {
  if (!Number.isInteger(value) || value < min) {
    throw new EmailRenderError('invalid_message', `${field} must be an integer >= ${min}, got ${value}`);
  }
  return value;
}

export function checkedDate(field: string, value: Date): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new EmailRenderError('invalid_message', `${field} must be a valid Date`);
  }
  return value;
}

export function checkedCode(value: string): string {
  if (!/^[0-9]{4,10}$/.test(value)) {
    throw new EmailRenderError('invalid_message', 'code must be 4 to 10 digits');
  }
  return value;
}

/** An accent colour must be #rrggbb (it goes into a style attribute) and a logo an http(s) URL. */
export function checkedBrand(
  branding: { accentColor?: string | null; logoUrl?: string | null } | null | undefined,
): Brand {
  const accentColor = branding?.accentColor ?? null;
  if (accentColor !== null && !/^#[0-9a-fA-F]{6}$/.test(accentColor)) {
    throw new EmailRenderError('invalid_message', 'branding.accentColor must be a #rrggbb colour');
  }
  const logoUrl = branding?.logoUrl ? checkedUrl('branding.logoUrl', branding.logoUrl) : null;
  return { accentColor, logoUrl };
}
