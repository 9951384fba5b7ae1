import type { TemplateDetail } from '@countersign/schemas';
import type { DocumentsForm } from './documents-form.ts';
import type { SendForm } from './send-form.ts';
import type { RecipientInput } from './send-options.ts';

/**
 * "Send documents" with fields placed by hand: the documents become a template whose roles are the recipients,
 * the member places the fields in the designer, and the template's send page sends it, prefilled with what was
 * typed on "Send documents". That typing waits here, in this browser's storage under the template's id, so a
 * reload or a detour through other pages loses none of it. A send clears it, signing out clears them all, and
 * one left longer than MAX_AGE_MS is dropped when next read: names and addresses do not linger on a shared device.
 */
export interface PlacedSend {
  /** When it was stored (ms since the epoch). */
  savedAt: number;
  /** The "Send documents" options and recipients, each recipient holding the role made for them. */
  form: Omit<DocumentsForm, 'files' | 'driveFileIds'>;
}

const PREFIX = 'countersign.placed-send.';
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const keyOf = (templateId: string) => `${PREFIX}${templateId}`;

/** Stores the send waiting for `templateId`'s fields; false when the browser refused (storage off or full). */
export function savePlacedSend(templateId: string, pending: PlacedSend): boolean {
  try {
    localStorage.setItem(keyOf(templateId), JSON.stringify(pending));
    return true;
  } catch {
    return false;
  }
}

const isRecipient = (r: unknown): r is RecipientInput => {
  const x = r as Partial<Record<keyof RecipientInput, unknown>> | null;
  return (
    !!x &&
    typeof x.key === 'string' &&
    typeof x.name === 'string' &&
    typeof x.email === 'string' &&
    (x.role === null || typeof x.role === 'string')
  );
};

/** The send waiting for this template's fields, or null (none, too old, unreadable, or not of this shape). */
export function placedSendOf(templateId: string, now = Date.now()): PlacedSend | null {
  try {
    const text = localStorage.getItem(keyOf(templateId));
    const pending = text ? (JSON.parse(text) as Partial<PlacedSend>) : null;
    const fresh = typeof pending?.savedAt === 'number' && now - pending.savedAt < MAX_AGE_MS;
    if (
      pending &&
      fresh &&
      Array.isArray(pending.form?.recipients) &&
      pending.form.recipients.every(isRecipient)
    )
      return pending as PlacedSend;
    if (text) localStorage.removeItem(keyOf(templateId));
  } catch {
    // Storage off: nothing waits.
  }
  return null;
}

export const clearPlacedSend = (templateId: string) => {
  try {
    localStorage.removeItem(keyOf(templateId));
  } catch {
    // Storage off: nothing was kept.
  }
};

/** Signing out: every waiting send of this browser goes. */
export function clearPlacedSends(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
    for (const key of keys) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage off: nothing was kept.
  }
}

/** `base`, else the first of `variant(2)`, `variant(3)`... not in `taken` (ignoring case), which it joins. */
export function unusedName(taken: Set<string>, base: string, variant: (n: number) => string): string {
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = variant(n);
  taken.add(name.toLowerCase());
  return name;
}

/**
 * Each recipient's role in the template made for them: their name (else email, else place in the list), made
 * distinct ignoring case as the API requires: "Alex Kim", "Alex Kim (2)".
 */
export function rolesFor(recipients: RecipientInput[]): string[] {
  const taken = new Set<string>();
  return recipients.map((r, i) => {
    const base = r.name.trim() || r.email.trim() || `Recipient ${i + 1}`;
    return unusedName(taken, base, (n) => `${base} (${n})`);
  });
}

/** What waits for the designer: the form without its files, every recipient tied to their role. */
export function placedSendOfForm(form: DocumentsForm, roles: string[], now = Date.now()): PlacedSend {
  const { files: _files, driveFileIds: _drive, ...rest } = form;
  return {
    savedAt: now,
    form: { ...rest, recipients: rest.recipients.map((r, i) => ({ ...r, role: roles[i]! })) },
  };
}

/**
 * The template send page's form, started from a placed send: its options, and for each of the template's roles
 * the recipient typed for it. Roles match ignoring case; a role renamed in the designer takes the typed recipient
 * left over in the same place, so no typing is dropped; a role added there starts empty, one removed drops its
 * recipient. Sequential signing follows the list: the typed order first, then the roles added.
 */
export function sendFormOfPlaced(template: Pick<TemplateDetail, 'roles'>, pending: PlacedSend): SendForm {
  const { title: _title, fieldsBy: _fieldsBy, ...options } = pending.form;
  const roleOf = new Map(template.roles.map((role) => [role.toLowerCase(), role]));
  const matched = options.recipients.filter((r) => roleOf.has(r.role?.toLowerCase() ?? ''));
  const unmatchedRoles = template.roles.filter(
    (role) => !matched.some((r) => r.role?.toLowerCase() === role.toLowerCase()),
  );
  const leftOver = options.recipients.filter((r) => !matched.includes(r));
  const typed = options.recipients.flatMap((r) => {
    if (matched.includes(r)) return [{ ...r, role: roleOf.get(r.role!.toLowerCase())! }];
    const i = leftOver.indexOf(r);
    return i < unmatchedRoles.length ? [{ ...r, role: unmatchedRoles[i]! }] : [];
  });
  const added = unmatchedRoles.slice(leftOver.length).map((role) => ({ role, name: '', email: '' }));
  return {
    ...options,
    recipients: [...typed, ...added].map((r) => ({
      key: r.role,
      role: r.role,
      name: r.name,
      email: r.email,
    })),
    prefill: {},
  };
}
