// The receiver's side only (node:crypto, nothing else): what @countersign/client re-exports to integrators,
// without the delivery code (HTTP posting, DNS checks) that only the service needs.
export { WebhookSecretError, type WebhookVerificationCode, WebhookVerificationError } from './errors.ts';
export {
  isValidWebhook,
  SIGNATURE_HEADER,
  type VerifyWebhookInput,
  verifyWebhook,
} from './signature.ts';
