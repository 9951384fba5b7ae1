import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startTestApi, type TestApi } from '@countersign/api/testing';
import { CountersignClient } from '@countersign/client';
import { createAccount } from '@countersign/core';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import {
  exitOf,
  freePort,
  oneSignatureManifest,
  type ServiceProcess,
  spawnEntry,
  tempDir,
  textPdf,
  until,
} from '@countersign/test-support';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Contract } from '../src/contracts.ts';

// The example integrator end to end: a real Countersign API (own SQLite file, in-process worker, real SMTP),
// the example as its own process, and the signer signing through the signer API on loopback.

let api: TestApi;
let smtp: TestSmtpServer;
let integrator: ServiceProcess;
let integratorUrl: string;
let outputDir: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // Webhooks to 127.0.0.1 are refused in production; the example listens there.
  api = await startTestApi({ env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: '1' } });
  const { refreshToken } = await createAccount(api.runtime.ctx, {
    name: 'Example Ltd',
    email: 'ops@example.test',
  });

  // The integrator's one-time setup: a template designed for the account, and a webhook endpoint.
  const setup = new CountersignClient({ baseUrl: api.url, refreshToken });
  const { templateId } = await setup.templates.create(
    oneSignatureManifest('Service agreement', 'agreement.pdf', 'Client'),
    [{ filename: 'agreement.pdf', bytes: await textPdf(`Service agreement ${randomUUID()}`) }],
  );
  const port = await freePort();
  integratorUrl = `http://127.0.0.1:${port}`;
  const webhook = await setup.webhooks.create({ url: `${integratorUrl}/webhooks/countersign` });

  outputDir = tempDir('countersign-integrator-');
  integrator = spawnEntry('examples/integrator/src/main.ts', {
    COUNTERSIGN_URL: api.url,
    COUNTERSIGN_REFRESH_TOKEN: refreshToken,
    COUNTERSIGN_WEBHOOK_SECRET: webhook.secret,
    TEMPLATE_ID: templateId,
    TEMPLATE_ROLE: 'Client',
    PORT: String(port),
    OUTPUT_DIR: outputDir,
  });
  await integrator.waitForOutput('integrator listening', 60_000);
}, 120_000); // the first template starts the PDF worker threads: slow on a loaded machine

afterAll(async () => {
  integrator?.signal('SIGTERM');
  if (integrator) await exitOf(integrator);
  await api?.close();
  await smtp?.close();
});

const contract = async (sessionId: string) =>
  (await (await fetch(`${integratorUrl}/contracts/${sessionId}`)).json()) as Contract;

/** The signer's side, as the signing page does it: code by email, verify, sign with a typed signature. */
async function signAs(signingUrl: string, name: string, email: string): Promise<void> {
  const token = signingUrl.split('/s/')[1]!;
  const at = (path: string) => `${api.url}/api/signing/${token}${path}`;
  expect((await fetch(at('/code'), { method: 'POST' })).status).toBe(200);
  const mail = await smtp.waitFor(
    (m) => m.subject?.startsWith('Your verification code') === true && JSON.stringify(m.to).includes(email),
    30_000,
  );
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  const verified = await fetch(at('/code/verify'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(verified.status).toBe(200);
  const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
  const signed = await fetch(at('/sign'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ values: [], signature: { kind: 'typed', value: name } }),
  });
  expect(signed.status, await signed.clone().text()).toBe(200);
  expect(await signed.json()).toMatchObject({ sessionCompleted: true });
}

it('sends the template, receives the verified webhooks, and downloads the sealed PDF', async () => {
  const signer = { name: 'Casey Client', email: `casey.${randomUUID().slice(0, 8)}@example.test` };
  const created = await fetch(`${integratorUrl}/contracts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signer),
  });
  expect(created.status).toBe(201);
  const sent = (await created.json()) as Contract;
  expect(sent).toMatchObject({ status: 'sent', signer, signingUrl: expect.stringContaining('/s/') });

  await signAs(sent.signingUrl, signer.name, signer.email);

  await until(
    'the example to download the sealed PDF',
    async () => (await contract(sent.sessionId)).files.length > 0,
    90_000,
  );
  const done = await contract(sent.sessionId);
  expect(done).toMatchObject({ status: 'completed', files: [expect.stringMatching(/agreement\.pdf$/)] });
  expect(done.events).toEqual(expect.arrayContaining(['session.signed', 'session.completed']));
  expect(done.error).toBeUndefined();
  const pdf = done.files[0]!;
  expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(execFileSync('pdfsig', [pdf], { encoding: 'utf8' })).toContain('Signature is Valid.');
}, 150_000);

it('refuses a webhook that Countersign did not sign', async () => {
  const body = JSON.stringify({
    id: 'evt_forged',
    type: 'session.completed',
    createdAt: new Date().toISOString(),
    data: {},
  });
  const post = (headers: Record<string, string>) =>
    fetch(`${integratorUrl}/webhooks/countersign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const unsigned = await post({});
  expect(unsigned.status).toBe(400);
  expect(await unsigned.json()).toEqual({ error: 'missing_header' });
  const t = Math.floor(Date.now() / 1000);
  const forged = await post({ 'x-service-signature': `t=${t},v1=${'0'.repeat(64)}` });
  expect(forged.status).toBe(400);
  expect(await forged.json()).toEqual({ error: 'signature_mismatch' });
});
