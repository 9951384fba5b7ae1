import {
  cliActor,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getAccount,
  listWebhookEndpoints,
  recordActivity,
} from '@countersign/core';
import { WebhookCreateRequestSchema } from '@countersign/schemas';
import { byCli } from '../activity.ts';
import { accountCommand, CliError, optional, required } from '../command.ts';

export const webhooksCreate = accountCommand({
  usage: 'pnpm cli webhooks create --account ID --url URL [--events session.completed,session.signed]',
  options: { url: { type: 'string' }, events: { type: 'string' } },
  async run(args, runtime, accountId) {
    const events = optional(args, 'events')
      ?.split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    // The same validation as POST /api/webhooks, so the CLI cannot register what the API would refuse.
    const parsed = WebhookCreateRequestSchema.safeParse({ url: required(args, 'url', this.usage), events });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`);
      throw new CliError(`${problems.join('\n')}\nusage: ${this.usage}`);
    }
    const created = await createWebhookEndpoint(runtime.ctx, accountId, parsed.data, (webhookId) =>
      recordActivity(
        runtime.ctx,
        accountId,
        cliActor,
        'webhook.created',
        { kind: 'webhook', id: webhookId },
        {
          url: parsed.data.url,
          events: parsed.data.events ?? null,
        },
      ),
    );
    return { webhookId: created.webhookId, secret: created.secret };
  },
});

export const webhooksList = accountCommand({
  usage: 'pnpm cli webhooks list --account ID',
  async run(_args, runtime, accountId) {
    await getAccount(runtime.ctx, accountId);
    return await listWebhookEndpoints(runtime.ctx, accountId);
  },
});

export const webhooksDelete = accountCommand({
  usage: 'pnpm cli webhooks delete --account ID --webhook ID',
  options: { webhook: { type: 'string' } },
  async run(args, runtime, accountId) {
    const webhookId = required(args, 'webhook', this.usage);
    await byCli(
      runtime,
      accountId,
      () => deleteWebhookEndpoint(runtime.ctx, accountId, webhookId),
      () => ({ action: 'webhook.deleted', target: { kind: 'webhook', id: webhookId } }),
    );
    return { webhookId, deleted: true };
  },
});
