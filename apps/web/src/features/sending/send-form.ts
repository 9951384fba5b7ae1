import type { TemplateDetail, TemplateSendRequestInput } from '@countersign/schemas';
import { isPrefillable } from '@countersign/schemas/field-types';
import {
  initialOptions,
  missingRecipient,
  reminderDaysOf,
  type SendOptions,
  sharedBody,
} from './send-options.ts';

/** The template send page's form: the shared options, and values the sender prefills. */
export interface SendForm extends SendOptions {
  /** By send label; empty: not prefilled. */
  prefill: Record<string, string>;
}

export type PrefillField = TemplateDetail['fields'][number];

/** The fields a sender may fill in before sending: sender-filled ones first, then each role's. */
export function prefillFields(template: Pick<TemplateDetail, 'fields'>): PrefillField[] {
  const fields = template.fields.filter((f) => isPrefillable(f.type));
  return [...fields.filter((f) => f.role === null), ...fields.filter((f) => f.role !== null)];
}

/** One recipient per role, in the template's order; invites by email, as the API's default. */
export const initialSendForm = (template: Pick<TemplateDetail, 'roles'>): SendForm => ({
  ...initialOptions(
    template.roles.map((role) => ({ key: role, role, name: '', email: '' })),
    true,
  ),
  prefill: {},
});

/**
 * The `POST /api/templates/send` body, or the reason the form cannot be sent yet. Names and addresses are the
 * server's to judge too; this only keeps an obviously unfinished form from a round trip.
 */
export function sendRequestOf(templateId: string, form: SendForm): TemplateSendRequestInput | string {
  const missing = missingRecipient(form.recipients);
  if (missing) return missing;
  const options = templateOptionsOf(form);
  if (typeof options === 'string') return options;
  const fields = Object.entries(form.prefill)
    .filter(([, value]) => value !== '')
    .map(([label, value]) => ({ label, value }));
  return {
    templateId,
    signingRequests: [
      {
        recipients: form.recipients.map((r) => ({
          label: r.role!,
          name: r.name.trim(),
          email: r.email.trim(),
        })),
        ...(fields.length > 0 ? { fields } : {}),
      },
    ],
    ...options,
  };
}

type TemplateOptions = Omit<TemplateSendRequestInput, 'templateId' | 'signingRequests'>;

/**
 * What a template send's body says besides its entries (how they sign, how they hear of it, reminders): one
 * recipient set from the send page or thousands from a spreadsheet (bulk/). The reason it cannot go, else it.
 */
export function templateOptionsOf(form: SendOptions): TemplateOptions | string {
  const reminders = form.remindersEnabled ? reminderDaysOf(form.reminderDays) : [];
  if (typeof reminders === 'string') return reminders;
  const subject = form.subject.trim();
  const message = form.message.trim();
  return {
    ...sharedBody(form),
    ...(subject ? { subject } : {}),
    ...(message ? { message } : {}),
    remindersEnabled: form.remindersEnabled,
    ...(form.remindersEnabled ? { reminderDaysBeforeExpiry: reminders } : {}),
  };
}
