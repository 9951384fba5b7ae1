import type { SessionsSendRequestInput, SessionsSendResponse } from '@countersign/schemas';
import { TemplateSendRequestSchema } from '@countersign/schemas';
import { expect } from 'vitest';
import type { TestApi } from './harness.ts';

/** The session one `signingRequests` entry made: its id, its documents' ids and each signer's link token. */
export interface SentSession {
  sessionId: string;
  documentIds: string[];
  tokens: string[];
}

/**
 * `POST /api/sessions/send` of own PDFs for one entry, which must answer 200; the session it made. The send
 * returns every signer's signing link, so the tokens are what the signing API takes.
 */
export async function sendOneEntry(
  api: TestApi,
  accessToken: string,
  body: SessionsSendRequestInput,
): Promise<SentSession> {
  const res = await api.post('/api/sessions/send', body, accessToken);
  const json = (await res.json()) as SessionsSendResponse;
  expect(res.status, JSON.stringify(json)).toBe(200);
  const row = json.rows[0]!;
  return {
    sessionId: row.sessionId!,
    documentIds: row.documents!.map((d) => d.documentId),
    tokens: row.participants!.map((p) => p.signingUrl!.split('/s/')[1]!),
  };
}

/**
 * What a template send without those properties gets: the schema's own defaults (its test in packages/schemas
 * pins them to spec 4.2, and 30 days for the expiry it leaves open). The OpenAPI document states them and a
 * template's example payload spells them out.
 */
const { templateId, signingRequests, ...defaults } = TemplateSendRequestSchema.parse({
  templateId: 'tpl_defaults',
  signingRequests: [{ recipients: [{ label: 'Signer', name: 'Signer', email: 'signer@example.com' }] }],
});
export const TEMPLATE_SEND_DEFAULTS = defaults;
