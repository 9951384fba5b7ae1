import { createAccount } from '@countersign/core';
import { verifyWebhook } from '@countersign/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../webhooks-support.ts';
import { signedInPage, takeSecret } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, VIEWPORTS } from './browser.ts';

// The webhooks page end to end: a real receiver on loopback, the background worker delivering through the outbox.

const world = appWorld({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const hookUrl = (tag: string) => `${receiver.url}/${tag}`;

describe('the webhooks page', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`manages an endpoint at ${viewport.width} px: events, test event, deliveries, redeliver, rotate, off/on`, async () => {
      const { ownerMemberId } = await createAccount(world.api.runtime.ctx, {
        name: `Hooks ${size}`,
        email: `hooks-${size}@hooks.test`,
      });
      const url = hookUrl(size);
      const page = await signedInPage(world, ownerMemberId, viewport);
      const context = page.context();
      await page.goto(`${world.api.url}/app/webhooks`);
      await page.getByText('No endpoints yet.').waitFor();

      // Register, subscribed to one event only; the secret is shown once.
      await page.getByLabel('URL').fill(url);
      for (const ev of ['session.signed', 'session.declined', 'session.cancelled', 'session.expired']) {
        await page.getByRole('checkbox', { name: ev }).uncheck();
      }
      await page.getByRole('checkbox', { name: 'session.completion_failed' }).uncheck();
      await page.getByRole('checkbox', { name: 'session.purged' }).uncheck();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = await takeSecret(page);
      expect(secret).toMatch(/^whsec_/);
      const card = page.getByRole('region', { name: `Endpoint ${url}` });
      await card.getByText('session.completed · since').waitFor();

      // Edit the events: now also declined.
      await card.getByRole('button', { name: 'Edit events' }).click();
      await card.getByRole('checkbox', { name: 'session.declined' }).check();
      await expectAccessible(page, `webhooks editing events at ${viewport.width}`);
      await card.getByRole('button', { name: 'Save events' }).click();
      await card.getByText('session.declined, session.completed · since').waitFor();

      // A test event, answered with an error: the log shows the status, the error and the body sent.
      receiver.answer = (r) =>
        r.path.endsWith(`/${size}`) ? { status: 500, body: 'receiver broke' } : { status: 204 };
      await card.getByRole('button', { name: 'Send test event' }).click();
      await card.getByText(/Test event evt_\w+ queued/).waitFor();
      const got = await receiver.waitFor((r) => r.path.endsWith(`/${size}`), 30_000);
      expect(got.event.type).toBe('webhook.test');
      expect(() =>
        verifyWebhook({ rawBody: got.rawBody, header: got.headers['x-service-signature'] as string, secret }),
      ).not.toThrow();
      const rows = card.locator('table.deliveries tbody tr');
      await rows.first().getByText('HTTP 500: receiver broke').waitFor();
      await rows.first().getByText('Request body').click();
      expect(JSON.parse((await rows.first().locator('pre').textContent())!)).toEqual(got.event);
      await expectAccessible(page, `webhooks deliveries at ${viewport.width}`);
      await screenshot(page, `webhooks-deliveries-${viewport.width}.png`);

      // Fixed receiver, redeliver: a succeeded attempt on top.
      receiver.answer = () => ({ status: 204 });
      await rows
        .first()
        .getByRole('button', { name: /^Redeliver webhook.test/ })
        .click();
      await expect
        .poll(() => rows.first().locator('.badge').textContent(), { timeout: 30_000 })
        .toBe('succeeded');
      expect(await rows.first().getByTestId('http-status').textContent()).toBe(' HTTP 204');

      // Rotate: a new secret, shown once; the previous one keeps signing for a while.
      page.once('dialog', (d) => void d.accept());
      await card.getByRole('button', { name: 'Rotate secret' }).click();
      const rotated = await takeSecret(page);
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await card.getByText(/the previous secret also signs until/).waitFor();

      // Off: the test button is disabled and the status says so; on again.
      await card.getByRole('button', { name: 'Turn off' }).click();
      await expect.poll(() => card.getByTestId('webhook-status').textContent()).toBe('disabled');
      await card.getByText('disabled: turned off by the account').waitFor();
      expect(await card.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
      await expectAccessible(page, `webhooks turned off at ${viewport.width}`);
      await screenshot(page, `webhooks-off-${viewport.width}.png`);
      await card.getByRole('button', { name: 'Turn on' }).click();
      await expect.poll(() => card.getByTestId('webhook-status').textContent()).toBe('enabled');

      // The server agrees with what the page shows.
      const listed = (await (
        await world.api.fetch('/api/webhooks', {
          headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
        })
      ).json()) as { webhooks: { url: string; events: string[]; status: string }[] };
      expect(listed.webhooks).toEqual([
        expect.objectContaining({
          url,
          events: ['session.declined', 'session.completed'],
          status: 'enabled',
        }),
      ]);
      expect(world.problems).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
