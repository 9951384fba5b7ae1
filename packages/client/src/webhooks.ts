import { type VerifyWebhookInput, verifyWebhook } from '@countersign/webhooks/verify';
import type { WebhookEvent, WebhookTestEvent } from './types.ts';

export {
  isValidWebhook,
  SIGNATURE_HEADER,
  type VerifyWebhookInput,
  verifyWebhook,
  WebhookSecretError,
  type WebhookVerificationCode,
  WebhookVerificationError,
} from '@countersign/webhooks/verify';

/**
 * Verifies a delivery (signature and freshness, on the raw bytes) and only then parses it: the typed event
 * (a session event, or `webhook.test` from `webhooks.test`), or a `WebhookVerificationError` whose `code` says
 * why it was refused.
 *
 * @example
 * const event = verifyWebhookEvent({ rawBody, header: req.headers['x-service-signature'], secret });
 * if (event.type === 'session.completed') await download(event.data.sessionId);
 */
export function verifyWebhookEvent(input: VerifyWebhookInput): WebhookEvent | WebhookTestEvent {
  verifyWebhook(input);
  const text =
    typeof input.rawBody === 'string' ? input.rawBody : new TextDecoder('utf-8').decode(input.rawBody);
  return JSON.parse(text) as WebhookEvent | WebhookTestEvent;
}
