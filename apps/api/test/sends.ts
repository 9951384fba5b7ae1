import { localDrive } from '@countersign/core';
import { expect } from 'vitest';
import type { TestApi } from './harness.ts';

// Sessions sent through the API as a test's setup: what every caller checks (200) and reads of the answer.

/** What the tests read of one row of the answer of POST /api/sessions/send. */
export interface SentRow {
  sessionId: string;
  documents: { documentId: string }[];
  participants: { participantId: string; email: string; signingUrl: string }[];
}

/**
 * Puts `file` on the sender's own drive and sends it through POST /api/sessions/send with `body` (the file's
 * `cloudFileIds` added); expects 200 and gives the first row.
 */
export async function sendOwnPdf(
  api: TestApi,
  sender: { accountId: string; accessToken: string },
  file: { name: string; bytes: Uint8Array },
  body: Record<string, unknown>,
): Promise<SentRow> {
  const drive = await localDrive(api.runtime.ctx, sender.accountId);
  const { cloudFileId } = await drive.put(file.name, file.bytes);
  const res = await api.post(
    '/api/sessions/send',
    { cloudFileIds: [cloudFileId], ...body },
    sender.accessToken,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { rows: SentRow[] }).rows[0]!;
}

/** One recipient of a template send: the role it fills. */
export interface TemplateRecipient {
  label: string;
  name: string;
  email: string;
}

/** What the tests read of the answer of POST /api/templates/send. */
export interface TemplateSent {
  instantiation: { sessions: { sessionId: string }[] };
  invites: { sessionId: string; participants: { signingUrl: string }[] }[];
}

/** Sends a template through POST /api/templates/send, one session per request, invites off; expects 200. */
export async function sendTemplate(
  api: TestApi,
  accessToken: string,
  templateId: string,
  requests: TemplateRecipient[][],
): Promise<TemplateSent> {
  const signingRequests = requests.map((recipients) => ({ recipients }));
  const res = await api.post(
    '/api/templates/send',
    { templateId, notify: false, signingRequests },
    accessToken,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as TemplateSent;
}

/** The signing-link token of a participant: the last path segment of its link. */
export const linkTokenOf = (participant: { signingUrl: string }): string =>
  participant.signingUrl.split('/s/')[1]!;
