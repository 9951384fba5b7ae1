import { ManualClock } from '@countersign/core';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { expect } from 'vitest';
import { startTestApi, type TestApi, type TestApiOptions } from './harness.ts';
import { type Receiver, startReceiver } from './webhooks-support.ts';

export type Account = Awaited<ReturnType<TestApi['newAccount']>>;

export interface ApiWorldOptions extends Omit<TestApiOptions, 'clock'> {
  /** The API's clock, which the test moves (default: a new ManualClock at the real time; false: the real clock). */
  clock?: ManualClock | false;
  /** Starts a real SMTP server and points the API's SMTP_URL at it. */
  smtp?: boolean;
  /**
   * Starts a real webhook receiver (private addresses allowed) and subscribes the account to it, to the events
   * listed or to all.
   */
  webhooks?: true | string[];
  /** The integration account the world makes: its name, and its email (else the harness's). */
  account?: string | { name: string; email: string };
}

/**
 * A real API on loopback with a clock the test moves, and what a test file around it shares: optionally a real
 * SMTP server, a webhook receiver, one account (its access token and ids). `close()` stops them all.
 */
export type ApiWorld<O extends ApiWorldOptions> = Account & {
  api: TestApi;
  close(): Promise<void>;
} & (O['clock'] extends false ? unknown : { clock: ManualClock }) &
  (O['smtp'] extends true ? { smtp: TestSmtpServer } : unknown) &
  (O['webhooks'] extends true | string[] ? { receiver: Receiver } : unknown);

export async function startApiWorld<const O extends ApiWorldOptions>(options: O): Promise<ApiWorld<O>> {
  const { smtp: wantsSmtp, webhooks, account, clock: _, ...apiOptions } = options;
  const [smtp, receiver] = await Promise.all([
    wantsSmtp ? startTestSmtpServer() : undefined,
    webhooks ? startReceiver() : undefined,
  ]);
  const clock = options.clock === false ? undefined : (options.clock ?? new ManualClock());
  const api = await startTestApi({
    ...apiOptions,
    clock,
    env: {
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...(receiver ? { WEBHOOK_ALLOW_PRIVATE: '1' } : {}),
      ...options.env,
    },
  });
  const { name, email } = typeof account === 'string' ? { name: account, email: undefined } : (account ?? {});
  const made = account ? await api.newAccount(name, email) : ({} as Account);
  if (receiver) {
    const events = webhooks === true ? {} : { events: webhooks };
    const hook = await api.post('/api/webhooks', { url: receiver.url, ...events }, made.accessToken);
    expect(hook.status).toBe(201);
  }
  return {
    ...made,
    api,
    clock,
    smtp,
    receiver,
    async close() {
      await api.close();
      await Promise.all([smtp?.close(), receiver?.close()]);
    },
  } as ApiWorld<O>;
}
