import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerWebhookCreate } from './create.ts';
import { registerWebhookDelete } from './delete.ts';
import { registerWebhookDeliveries } from './deliveries.ts';
import { registerWebhookEnable } from './enable.ts';
import { registerWebhookEvents } from './events.ts';
import { registerWebhookGet } from './get.ts';
import { registerWebhookList } from './list.ts';
import { registerWebhookRedeliver } from './redeliver.ts';
import { registerWebhookRotateSecret } from './rotate-secret.ts';
import { registerWebhookTest } from './test.ts';
import { registerWebhookUpdate } from './update.ts';

/** Every /api/webhooks route (bearer-authenticated, account-scoped) and the event documentation. */
export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>): void {
  registerWebhookCreate(app);
  registerWebhookList(app);
  registerWebhookGet(app);
  registerWebhookUpdate(app);
  registerWebhookDelete(app);
  registerWebhookRotateSecret(app);
  registerWebhookEnable(app);
  registerWebhookDeliveries(app);
  registerWebhookRedeliver(app);
  registerWebhookTest(app);
  registerWebhookEvents(app);
}
