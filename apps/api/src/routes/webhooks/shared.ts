import { WebhookIdParamsSchema } from '@countersign/schemas';
import { errorResponseFor } from '../../http/openapi.ts';
import type { RecordKind } from '../../http/record-route.ts';

/** The routes about one endpoint of the account: named by `{webhookId}`, 404 when the account has no such. */
export const webhookEndpoint = {
  tags: ['Webhooks'],
  params: WebhookIdParamsSchema,
  notFound: errorResponseFor('`webhook_not_found`: no such endpoint for this account.'),
} satisfies RecordKind<typeof WebhookIdParamsSchema>;

/** The 409 of the routes that queue a delivery: a disabled endpoint gets none. */
export const webhookDisabled = errorResponseFor('`webhook_disabled`: enable the endpoint first.');
