import type { SessionsSendRequestInput } from '@countersign/schemas';
import {
  initialOptions,
  missingRecipient,
  type RecipientInput,
  type SendOptions,
  sharedBody,
} from './send-options.ts';

/** The "Send documents" page's form: the shared options, a title, and the documents chosen. */
export interface DocumentsForm extends SendOptions {
  title: string;
  /** PDFs chosen on this device, uploaded to the drive when sending. */
  files: File[];
  /** Drive files chosen, by id. */
  driveFileIds: string[];
  /** Who places the fields: Countersign (initials and a signature page, as the API does) or the member. */
  fieldsBy: 'countersign' | 'designer';
}

let made = 0;
/** A recipient row with nobody in it yet. */
export const blankRecipient = (): RecipientInput => ({ key: `r${++made}`, role: null, name: '', email: '' });

/** One recipient to start with; no emails, as the own-documents send of the contract defaults. */
export const initialDocumentsForm = (): DocumentsForm => ({
  ...initialOptions([blankRecipient()], false),
  title: '',
  files: [],
  driveFileIds: [],
  fieldsBy: 'countersign',
});

/** Why the form cannot be sent yet, or null. */
export function documentsProblem(form: DocumentsForm): string | null {
  if (form.files.length + form.driveFileIds.length === 0) return 'choose at least one PDF';
  return missingRecipient(form.recipients);
}

/**
 * The `POST /api/sessions/send` body once the chosen files are on the drive (`uploaded` their ids, in the
 * order chosen, after the drive files picked). Sequential signing states each recipient's `order`.
 */
export function documentsRequestOf(form: DocumentsForm, uploaded: string[]): SessionsSendRequestInput {
  const title = form.title.trim();
  const sequential = form.signingType === 'sequential';
  return {
    cloudFileIds: [...form.driveFileIds, ...uploaded],
    ...(title ? { title } : {}),
    signingRequests: [
      {
        recipients: form.recipients.map((r, i) => ({
          name: r.name.trim(),
          email: r.email.trim(),
          ...(sequential ? { order: i + 1 } : {}),
        })),
      },
    ],
    ...sharedBody(form),
  };
}
