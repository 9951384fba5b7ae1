import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getAccount,
  listWebhookEndpoints,
} from '@countersign/core';
import { WebhookCreateRequestSchema } from '@countersign/schemas';
import { CliError, type Command, optional, required } from '../command.ts';

export const webhooksCreate: Command = {
  usage: 'pnpm cli webhooks create --account ID --url URL [--events session.completed,session.signed]',
  options: { account: { type: 'string' }, url: { type: 'string' }, events: { type: 'string' } },
  async run(args, runtime) {
    const accountId = required(args, 'account', this.usage);
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
    const created = await createWebhookEndpoint(runtime.ctx, accountId, parsed.data);
    return { webhookId: created.webhookId, secret: created.secret };
  },
};

export const webhooksList: Command = {
  usage: 'pnpm cli webhooks list --account ID',
  options: { account: { type: 'string' } },
  async run(args, runtime) {
    const accountId = required(args, 'account', this.usage);
    await getAccount(runtime.ctx, accountId);
    return await listWebhookEndpoints(runtime.ctx, accountId);
  },
};

export const webhooksDelete: Command = {
  usage: 'pnpm cli webhooks delete --account ID --webhook ID',
  options: { account: { type: 'string' }, webhook: { type: 'string' } },
  async run(args, runtime) {
    const accountId = required(args, 'account', this.usage);
    const webhookId = required(args, 'webhook', this.usage);
    await deleteWebhookEndpoint(runtime.ctx, accountId, webhookId);
    return { webhookId, deleted: true };
  },
};
