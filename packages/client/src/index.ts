export {
  type CallOptions,
  type ClientOptions,
  CountersignClient,
  type PdfFile,
  type SendOptions,
} from './client.ts';
export { type ApiErrorBody, CountersignApiError, CountersignResponseError, isApiError } from './errors.ts';
export type { RetryEvent, RetryOptions } from './retry.ts';
export type * from './types.ts';
export {
  isValidWebhook,
  SIGNATURE_HEADER,
  type VerifyWebhookInput,
  verifyWebhook,
  verifyWebhookEvent,
  WebhookSecretError,
  type WebhookVerificationCode,
  WebhookVerificationError,
} from './webhooks.ts';
