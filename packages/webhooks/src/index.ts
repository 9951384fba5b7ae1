export {
  type UnsafeWebhookTargetCode,
  UnsafeWebhookTargetError,
  WebhookSecretError,
  type WebhookVerificationCode,
  WebhookVerificationError,
} from './errors.ts';
export { nonPublicReason } from './ip-ranges.ts';
export {
  type PostWebhookErrorCode,
  type PostWebhookInput,
  type PostWebhookResult,
  postWebhook,
} from './post.ts';
export { generateWebhookSecret } from './secret.ts';
export {
  isValidWebhook,
  SIGNATURE_HEADER,
  type SignWebhookInput,
  signWebhook,
  type VerifyWebhookInput,
  verifyWebhook,
  type WebhookHeaders,
} from './signature.ts';
export { assertPublicUrl, type TargetPolicy } from './target-guard.ts';
