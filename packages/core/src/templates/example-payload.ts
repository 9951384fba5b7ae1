import {
  EXPIRES_IN_DAYS_DEFAULT,
  type TemplateFieldType,
  type TemplateSendRequest,
} from '@countersign/schemas';

/** Field types only a signer fills; every other field without a role is the sender's (prefill). */
const SIGNER_ONLY: ReadonlySet<string> = new Set(['signature', 'initials']);

/**
 * The web app's 'copy payload' (spec part 2): a complete POST /api/templates/send body for a template. Every
 * role is a recipient with a placeholder name and address, every sender-filled field has an example value of
 * its type, and every default of 4.2 is spelled out so the caller sees what they can change.
 */
export function examplePayload(
  templateId: string,
  roles: string[],
  fields: { sendLabel: string; type: TemplateFieldType; role: string | null }[],
  today: Date,
): TemplateSendRequest {
  const prefill = fields
    .filter((f) => f.role === null && !SIGNER_ONLY.has(f.type))
    .map((f) => ({ label: f.sendLabel, value: exampleValue(f.type, today) }));
  return {
    templateId,
    signingRequests: [
      {
        recipients: roles.map((role, i) => ({
          label: role,
          name: `${role} name`,
          email: placeholderEmail(role, i),
        })),
        ...(prefill.length > 0 ? { fields: prefill } : {}),
      },
    ],
    signingType: 'parallel',
    authRequirement: 'otp',
    sendInitialNotification: false,
    remindersEnabled: false,
    expiresInDays: EXPIRES_IN_DAYS_DEFAULT,
    notify: true,
  };
}

function exampleValue(type: TemplateFieldType, today: Date): string {
  switch (type) {
    case 'checkbox':
      return 'true';
    case 'date':
      return today.toISOString().slice(0, 10);
    case 'name':
      return 'Alex Example';
    case 'email':
      return 'alex@example.com';
    default:
      return 'Example text';
  }
}

/** `signer.client@example.com` style: something a schema accepts and a person recognises as a stand-in. */
function placeholderEmail(role: string, index: number): string {
  const local = role
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 40);
  return `${local || `role${index + 1}`}@example.com`;
}
