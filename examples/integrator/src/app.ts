import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CountersignClient,
  isApiError,
  verifyWebhookEvent,
  type WebhookEvent,
  type WebhookTestEvent,
  WebhookVerificationError,
} from '@countersign/client';
import { Hono } from 'hono';
import { type Contract, Contracts } from './contracts.ts';

export interface IntegratorOptions {
  client: CountersignClient;
  /** The `whsec_` secret Countersign showed when the webhook endpoint was registered. */
  webhookSecret: string;
  /** The template to send, and the placeholder role the signer fills. */
  templateId: string;
  role: string;
  /** Where the sealed PDFs go, one folder per session. */
  outputDir: string;
  /** `otp` (default): the signer confirms a code emailed by Countersign. `public`: the link alone signs. */
  authRequirement?: 'otp' | 'public';
  log?: (message: string) => void;
}

const STATUS_OF: Partial<Record<WebhookEvent['type'], Contract['status']>> = {
  'session.signed': 'signed',
  'session.completed': 'completed',
  'session.declined': 'declined',
  'session.cancelled': 'cancelled',
  'session.expired': 'expired',
  'session.completion_failed': 'failed',
};

/** The integrator's HTTP service: POST /contracts sends one, Countersign's webhooks report back. */
export function createIntegratorApp(options: IntegratorOptions) {
  const { client, log = console.log } = options;
  const contracts = new Contracts();
  const seenEvents = new Set<string>();
  const app = new Hono();

  // Send the template to one signer; we deliver the signing link ourselves (notify: false).
  app.post('/contracts', async (c) => {
    const input = (await c.req.json().catch(() => null)) as { name?: unknown; email?: unknown } | null;
    if (typeof input?.name !== 'string' || typeof input.email !== 'string' || !input.name || !input.email) {
      return c.json({ error: 'name and email are required' }, 400);
    }
    const signer = { name: input.name, email: input.email };
    try {
      const sent = await client.templates.send({
        templateId: options.templateId,
        notify: false,
        authRequirement: options.authRequirement ?? 'otp',
        signingRequests: [{ recipients: [{ label: options.role, ...signer }] }],
      });
      const session = sent.instantiation.sessions[0];
      const participant = sent.invites[0]?.participants[0];
      if (session?.status !== 'created' || !session.sessionId || !participant?.signingUrl) {
        return c.json({ error: session?.error ?? 'not created' }, 502);
      }
      const contract: Contract = {
        sessionId: session.sessionId,
        signer,
        signingUrl: participant.signingUrl,
        status: 'sent',
        files: [],
        events: [],
      };
      contracts.add(contract);
      return c.json(contract, 201);
    } catch (err) {
      // The spec's error code says what went wrong: a wrong template id is ours to fix, not the caller's.
      if (isApiError(err)) return c.json({ error: err.code, message: err.message }, 502);
      throw err;
    }
  });

  app.get('/contracts/:sessionId', (c) => {
    const contract = contracts.get(c.req.param('sessionId'));
    return contract ? c.json(contract) : c.json({ error: 'not found' }, 404);
  });

  // Countersign's webhooks: verify the raw bytes first, answer fast, do the slow work after.
  app.post('/webhooks/countersign', async (c) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    let event: WebhookEvent | WebhookTestEvent;
    try {
      event = verifyWebhookEvent({
        rawBody,
        header: c.req.header('x-service-signature'),
        secret: options.webhookSecret,
      });
    } catch (err) {
      if (err instanceof WebhookVerificationError) return c.json({ error: err.code }, 400);
      throw err;
    }
    // Delivery is at least once: the same event may come again (same id); act on it once.
    if (event.type === 'webhook.test' || seenEvents.has(event.id)) return c.body(null, 204);
    seenEvents.add(event.id);
    const contract = contracts.get(event.data.sessionId);
    if (!contract) return c.body(null, 204); // not one of ours (sent by another system of the account)
    contract.events.push(event.type);
    contract.status = STATUS_OF[event.type] ?? contract.status;
    if (event.type === 'session.completed') {
      void downloadSealed(contract, event).catch((err: Error) => {
        contract.error = err.message;
        log(`download of ${contract.sessionId} failed: ${err.message}`);
      });
    }
    return c.body(null, 204);
  });

  /** Writes every sealed PDF of a completed session to `outputDir/<sessionId>/<filename>`. */
  async function downloadSealed(contract: Contract, event: WebhookEvent): Promise<void> {
    const dir = path.join(options.outputDir, contract.sessionId);
    await mkdir(dir, { recursive: true });
    for (const document of event.data.documents) {
      const bytes = await client.sessions.document(contract.sessionId, document.documentId);
      const file = path.join(dir, path.basename(document.filename));
      await writeFile(file, bytes);
      contract.files.push(file);
    }
    log(`session ${contract.sessionId} completed: ${contract.files.join(', ')}`);
  }

  return { app, contracts };
}
