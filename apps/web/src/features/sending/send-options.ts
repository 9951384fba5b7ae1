import type { Locale } from '@countersign/schemas';
import {
  EXPIRES_IN_DAYS_DEFAULT,
  REMINDER_DAY_MAX,
  REMINDER_DAY_MIN,
  REMINDER_DAYS_MAX_ITEMS,
} from '@countersign/schemas/limits';

/**
 * What both send pages (a template, your own documents) ask besides the documents: the recipients, how they
 * sign, and how they hear of it. Pure: the pages render it, tests read it, and the bodies it becomes are the
 * public API's (the app has no private backend).
 */

export interface RecipientInput {
  /** Stable across reordering (React's key). */
  key: string;
  /** The template's role it fills; null for a send of your own documents. */
  role: string | null;
  name: string;
  email: string;
}

/** What the page calls a recipient: their role, else their place in the list. */
export const recipientTitle = (r: RecipientInput, index: number) => r.role ?? `Recipient ${index + 1}`;

export interface SendOptions {
  /** In signing order (the member may reorder them when signing is sequential). */
  recipients: RecipientInput[];
  signingType: 'parallel' | 'sequential';
  authRequirement: 'otp' | 'public';
  /** '' : the template's language, else the account's. */
  locale: Locale | '';
  expiresInDays: string;
  /** true: Countersign emails the invites; false: the page lists the links to hand out. */
  notify: boolean;
  /** Template sends only (the own-documents send of the contract takes none of these). */
  subject: string;
  message: string;
  remindersEnabled: boolean;
  /** As typed: days before expiry, separated by commas or spaces. */
  reminderDays: string;
}

export const initialOptions = (recipients: RecipientInput[], notify: boolean): SendOptions => ({
  recipients,
  signingType: 'parallel',
  authRequirement: 'otp',
  locale: '',
  expiresInDays: String(EXPIRES_IN_DAYS_DEFAULT),
  notify,
  subject: '',
  message: '',
  remindersEnabled: false,
  reminderDays: '7, 2',
});

/** Moves the recipient at `index` one place up (-1) or down (+1) in the signing order. */
export function moveRecipient(list: RecipientInput[], index: number, by: -1 | 1): RecipientInput[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** "7, 2" as days before expiry, or the reason it is not. */
export function reminderDaysOf(text: string): number[] | string {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return 'name at least one day before expiry for reminders';
  if (parts.length > REMINDER_DAYS_MAX_ITEMS) return `at most ${REMINDER_DAYS_MAX_ITEMS} reminder days`;
  const bad = parts.find(
    (p) => !/^\d+$/.test(p) || Number(p) < REMINDER_DAY_MIN || Number(p) > REMINDER_DAY_MAX,
  );
  if (bad !== undefined) {
    return `"${bad}" is not a whole number of days from ${REMINDER_DAY_MIN} to ${REMINDER_DAY_MAX}`;
  }
  return [...new Set(parts.map(Number))].sort((a, b) => b - a);
}

/** The first recipient not named or addressed yet, as the reason the form cannot go, or null. */
export function missingRecipient(recipients: RecipientInput[]): string | null {
  const i = recipients.findIndex((r) => !r.name.trim() || !r.email.trim());
  return i < 0 ? null : `give ${recipientTitle(recipients[i]!, i)}'s name and email address`;
}

/** The options both send bodies share. */
export const sharedBody = (form: SendOptions) => ({
  signingType: form.signingType,
  authRequirement: form.authRequirement,
  ...(form.locale ? { locale: form.locale } : {}),
  expiresInDays: Number(form.expiresInDays),
  notify: form.notify,
});
