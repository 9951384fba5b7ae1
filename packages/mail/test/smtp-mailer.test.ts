import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer, MailRejectedError, MailTransientError } from '../src/index.ts';
import { makeMessage, startTestSmtpServer, type TestSmtpServer } from '../src/testing.ts';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function sendError(mailer: Mailer, msg = makeMessage()): Promise<unknown> {
  return mailer.send(msg).then(
    () => new Error('send resolved'),
    (err: unknown) => err,
  );
}

describe('createSmtpMailer against a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mailer = createSmtpMailer(smtp.url);
    smtp.reject('bounce@example.test', 550, 'No such user here');
    smtp.reject('greylisted@example.test', 451, 'Greylisted, try again later');
  });

  afterAll(async () => {
    await mailer.close();
    await smtp.close();
  });

  it('delivers text and html parts, cc, reply-to, an attachment, headers and the given Message-ID', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10, 0x80]);
    const msg = makeMessage({
      to: ['signer@example.test', 'second@example.test'],
      cc: ['watcher@example.test'],
      replyTo: 'owner@example.test',
      subject: 'Signez svp: contrat été',
      attachments: [{ filename: 'contract.pdf', content: pdf, contentType: 'application/pdf' }],
      headers: { 'X-Countersign-Session': 'ses_123' },
    });
    await mailer.send(msg);

    const got = await smtp.waitFor((m) => m.messageId === msg.messageId);
    expect(got.subject).toBe(msg.subject);
    expect(got.text?.trim()).toBe(msg.text);
    expect(got.html).toContain('href="https://countersign.test/s/abc"');
    expect(got.from?.value).toEqual([{ name: 'Countersign', address: 'noreply@countersign.test' }]);
    const to = Array.isArray(got.to) ? got.to.flatMap((a) => a.value) : (got.to?.value ?? []);
    expect(to.map((a) => a.address)).toEqual(['signer@example.test', 'second@example.test']);
    const cc = Array.isArray(got.cc) ? got.cc.flatMap((a) => a.value) : (got.cc?.value ?? []);
    expect(cc.map((a) => a.address)).toEqual(['watcher@example.test']);
    expect(got.replyTo?.value[0]?.address).toBe('owner@example.test');
    expect(got.headers.get('x-countersign-session')).toBe('ses_123');
    expect(got.attachments).toHaveLength(1);
    const [attachment] = got.attachments;
    expect(attachment?.filename).toBe('contract.pdf');
    expect(attachment?.contentType).toBe('application/pdf');
    expect(new Uint8Array(attachment?.content ?? [])).toEqual(pdf);
  });

  it('sends concurrent messages over the pool', async () => {
    const batch = Array.from({ length: 6 }, (_, i) => makeMessage({ to: [`batch${i}@example.test`] }));
    await Promise.all(batch.map((m) => mailer.send(m)));
    for (const m of batch) {
      const got = await smtp.waitFor((g) => g.messageId === m.messageId);
      const to = Array.isArray(got.to) ? got.to.flatMap((a) => a.value) : (got.to?.value ?? []);
      expect(to.map((a) => a.address)).toEqual(m.to);
    }
    // Each one delivered exactly once: none lost, none sent twice by a retried connection.
    const ids = smtp.messages
      .map((got) => got.messageId)
      .filter((id) => batch.some((m) => m.messageId === id));
    expect(ids.sort()).toEqual(batch.map((m) => m.messageId).sort());
  });

  it('a 550 for the only recipient is a MailRejectedError carrying the reply', async () => {
    const before = smtp.messages.length;
    const err = await sendError(mailer, makeMessage({ to: ['bounce@example.test'] }));
    expect(err).toBeInstanceOf(MailRejectedError);
    const rejected = err as MailRejectedError;
    expect(rejected.code).toBe('recipient_rejected');
    expect(rejected.responseCode).toBe(550);
    expect(rejected.serverResponse).toContain('No such user here');
    expect(rejected.rejected).toEqual(['bounce@example.test']);
    expect(smtp.messages.length).toBe(before);
  });

  it('a refused "to" among accepted ones fails the send; a refused cc does not', async () => {
    const partial = makeMessage({ to: ['ok@example.test', 'bounce@example.test'] });
    const err = await sendError(mailer, partial);
    expect(err).toBeInstanceOf(MailRejectedError);
    expect((err as MailRejectedError).rejected).toEqual(['bounce@example.test']);
    expect((err as MailRejectedError).responseCode).toBe(550);

    const ccOnly = makeMessage({ to: ['ok@example.test'], cc: ['bounce@example.test'] });
    await mailer.send(ccOnly);
    await smtp.waitFor((m) => m.messageId === ccOnly.messageId);
  });

  it('a 451 is a MailTransientError', async () => {
    const err = await sendError(mailer, makeMessage({ to: ['greylisted@example.test'] }));
    expect(err).toBeInstanceOf(MailTransientError);
    expect((err as MailTransientError).code).toBe('temporarily_rejected');
    expect((err as MailTransientError).responseCode).toBe(451);
    expect((err as MailTransientError).serverResponse).toContain('Greylisted');
  });

  it('refuses a malformed messageId before talking to the server', async () => {
    const err = await sendError(mailer, makeMessage({ messageId: 'no-brackets@countersign.test' }));
    expect(err).toBeInstanceOf(MailRejectedError);
    expect((err as MailRejectedError).code).toBe('invalid_message');
  });
});

describe('createSmtpMailer failures outside the message', () => {
  it('a server that is down is a MailTransientError', async () => {
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`);
    const err = await sendError(mailer);
    await mailer.close();
    expect(err).toBeInstanceOf(MailTransientError);
    expect((err as MailTransientError).code).toBe('connection_failed');
  });

  it('a server that never greets times out as a MailTransientError', async () => {
    const silent = createServer(() => {});
    const port = await listen(silent);
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, { greetingTimeoutMs: 300 });
    const started = Date.now();
    const err = await sendError(mailer);
    await mailer.close();
    await new Promise((resolve) => silent.close(resolve));
    expect(err).toBeInstanceOf(MailTransientError);
    expect((err as MailTransientError).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('authenticates with credentials from the URL, and bad ones are transient', async () => {
    const smtp = await startTestSmtpServer({ auth: { user: 'mailer@countersign.test', pass: 'p@ss:w/rd%' } });
    const good = createSmtpMailer(smtp.url);
    const msg = makeMessage();
    await good.send(msg);
    await smtp.waitFor((m) => m.messageId === msg.messageId);
    await good.close();

    const bad = createSmtpMailer(`smtp://mailer%40countersign.test:wrong@127.0.0.1:${smtp.port}`);
    const err = await sendError(bad);
    await bad.close();
    await smtp.close();
    expect(err).toBeInstanceOf(MailTransientError);
    expect((err as MailTransientError).code).toBe('auth_failed');
    expect((err as MailTransientError).responseCode).toBe(535);
  });

  it('rejects URLs that are not smtp: or smtps: without echoing them', () => {
    expect(() => createSmtpMailer('https://user:secret@mail.example.test')).toThrow(/smtp: or smtps:/);
    expect(() => createSmtpMailer('not a url :secret')).toThrow(/not a valid URL/);
    expect(() => createSmtpMailer('not a url :secret')).not.toThrow(/secret/);
  });
});
