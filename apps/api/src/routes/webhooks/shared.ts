import { WebhookIdParamsSchema } from '@countersign/schemas';
import { needs } from '../../http/access.ts';
import { errorResponseFor } from '../../http/openapi.ts';
import type { RecordKind } from '../../http/record-route.ts';

/** The routes about one endpoint of the account: named by `{webhookId}`, 404 when the account has no such. */
export const webhookEndpoint = {
  access: needs('webhooks', { live: true }),
  tags: ['Webhooks'],
  params: WebhookIdParamsSchema,
  notFound: errorResponseFor('`webhook_not_found`: no such endpoint for this account.'),
} satisfies RecordKind<typeof WebhookIdParamsSchema>;

/** A webhook endpoint as the activity log names what changed. */
export const webhookTarget = (id: string) => ({ kind: 'webhook', id });

/** The 409 of the routes that queue a delivery: a disabled endpoint gets none. */
export const webhookDisabled = errorResponseFor('`webhook_disabled`: enable the endpoint first.');
