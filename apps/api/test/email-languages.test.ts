import { randomUUID } from 'node:crypto';
import { createSmtpMailer } from '@countersign/mail';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templatePdf, uploadTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { TINY_PNG } from './signing-setup.ts';

// The language and look of the emails through the real flows into a real SMTP server: the send's `locale`,
// else the template's default language, else the account's, else English; the account's logo and accent
// colour in the HTML part; a right-to-left override in a signer's name isolated in what others receive.

let smtp: TestSmtpServer;
let api: TestApi;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startTestApi({
    mailer: createSmtpMailer(smtp.url),
    worker: false,
    env: { SMTP_URL: smtp.url },
  });
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

const email = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.test`;
const to = (m: ParsedMail, address: string) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.value.some((v) => v.address === address));
const firstTo = (address: string) => smtp.waitFor((m) => to(m, address), 10_000);
const linkIn = (m: ParsedMail) => /\/s\/([A-Za-z0-9_-]{43})\b/.exec(m.text ?? '')?.[1];

async function account(name: string) {
  const { accessToken } = await api.newAccount(name, `${randomUUID().slice(0, 8)}@acme.test`);
  const json = (method: string, path: string, body?: unknown) =>
    api.fetch(path, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const template = async (defaultLocale?: string) => {
    const manifest = {
      name: 'NDA',
      documents: ['nda.pdf'],
      roles: ['Client', 'Witness'],
      fields: ['Client', 'Witness'].map((role, i) => ({
        label: `${role} signature`,
        type: 'signature',
        document: 'nda.pdf',
        page: 1,
        x: 72 + i * 250,
        y: 600,
        width: 180,
        height: 40,
        role,
      })),
      ...(defaultLocale ? { defaultLocale } : {}),
    };
    const res = await uploadTemplate(api, accessToken, manifest, [
      { name: 'nda.pdf', bytes: await templatePdf(1, 'nda') },
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { templateId: string }).templateId;
  };
  const send = async (templateId: string, body: Record<string, unknown>) => {
    const res = await json('POST', '/api/templates/send', { templateId, authRequirement: 'public', ...body });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const recipients = (a: { name: string; email: string }, b: { name: string; email: string }) => ({
    signingRequests: [
      {
        recipients: [
          { label: 'Client', ...a },
          { label: 'Witness', ...b },
        ],
      },
    ],
  });
  return { json, template, send, recipients };
}

describe('email languages and branding', () => {
  it('the send locale, else the template default, else the account default, else English', async () => {
    const acme = await account('Acme GmbH');
    const templateId = await acme.template('ja');
    const detail = (await (await acme.json('GET', `/api/templates/${templateId}`)).json()) as {
      roles: string[];
      fields: Record<string, unknown>[];
    };
    expect(detail).toMatchObject({ defaultLocale: 'ja' });
    const sendTo = (address: string, extra: Record<string, unknown> = {}) =>
      acme.send(templateId, {
        ...acme.recipients({ name: 'Dirk', email: address }, { name: 'W', email: email('w') }),
        ...extra,
      });

    // The template's default language.
    const ja = email('ja');
    await sendTo(ja);
    const jaMail = await firstTo(ja);
    expect(jaMail.subject).toBe('Acme GmbH から「NDA」への署名依頼');
    expect(jaMail.html).toContain('<html lang="ja" dir="ltr">');

    // The send's locale beats it, for the signers and for the cc's copy.
    const de = email('de');
    const cc = email('cc');
    await sendTo(de, { locale: 'de', cc: [cc] });
    const deMail = await firstTo(de);
    expect(deMail.subject).toBe('Acme GmbH hat Ihnen „NDA“ zum Unterschreiben gesendet');
    expect(deMail.text).toContain('Hallo Dirk,');
    expect(deMail.text).toContain('Prüfen und unterschreiben:');
    const copy = await firstTo(cc);
    expect(copy.subject).toBe('Kopie: „NDA“ von Acme GmbH');
    expect(copy.text).toContain('Sie müssen nichts unterschreiben');

    // An edit clears the template's default: English, until the account has a default of its own.
    const edit = await acme.json('PUT', `/api/templates/${templateId}`, {
      version: 1,
      name: 'NDA',
      roles: detail.roles,
      fields: detail.fields.map(({ sendLabel: _, ...f }: Record<string, unknown>) => f),
      defaultLocale: null,
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect(await edit.json()).toMatchObject({ defaultLocale: null, version: 2 });
    const en = email('en');
    await sendTo(en);
    expect((await firstTo(en)).subject).toBe('Acme GmbH sent you “NDA” to sign');
    expect((await acme.json('PUT', '/api/account/branding', { defaultLocale: 'fr' })).status).toBe(200);
    const fr = email('fr');
    await sendTo(fr);
    const frMail = await firstTo(fr);
    expect(frMail.subject).toBe('Acme GmbH vous a envoyé « NDA » à signer');
    expect(frMail.text).toContain('Bonjour Dirk,');
  }, 120_000);

  it('Arabic right to left, the account logo and accent colour, and a right-to-left override isolated', async () => {
    const acme = await account('Acme Arabia');
    const png = TINY_PNG.slice(TINY_PNG.indexOf(',') + 1);
    const branded = await acme.json('PUT', '/api/account/branding', {
      accentColor: '#0f766e',
      logo: { contentType: 'image/png', base64: png },
    });
    expect(branded.status, await branded.clone().text()).toBe(200);
    const { logoUrl } = (await branded.json()) as { logoUrl: string };
    expect(logoUrl).toMatch(/^http.*\/assets\/logos\/[0-9a-f]{32}\.png$/);
    const templateId = await acme.template();
    const mallory = email('mallory');
    const sara = email('sara');
    const evilName = 'Mallory \u202Efdp.exe';
    await acme.send(templateId, {
      ...acme.recipients({ name: evilName, email: mallory }, { name: 'سارة', email: sara }),
      locale: 'ar',
    });
    const invite = await firstTo(sara);
    expect(invite.subject).toBe('أرسل إليك Acme Arabia «NDA» للتوقيع');
    const html = invite.html as string;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('text-align:right');
    // Branded: the logo (served where branding says) above the card, buttons and links in the accent colour.
    expect(html).toContain(`<img src="${logoUrl}" alt="" height="32"`);
    expect(html).toMatch(/bgcolor="#0f766e"/);
    expect(html).not.toContain('#1b4fd8');
    const logo = await fetch(logoUrl);
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer()).equals(Buffer.from(png, 'base64'))).toBe(true);
    // The text part stays complete on its own: greeting, the link, the expiry.
    const token = linkIn(invite)!;
    expect(invite.text).toContain('مرحبًا سارة،');
    expect(invite.text).toContain(`${api.config.publicUrl}/s/${token}`);
    expect(invite.text).toContain('المراجعة والتوقيع:');

    // Mallory signs; Sara is told, in Arabic, with Mallory's name unable to reorder the line.
    const malloryToken = linkIn(await firstTo(mallory))!;
    const signed = await fetch(`${api.url}/api/signing/${malloryToken}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values: [], signature: { kind: 'typed', value: 'Mallory' } }),
    });
    expect(signed.status, await signed.clone().text()).toBe(200);
    const told = await smtp.waitFor((m) => to(m, sara) && m.subject?.startsWith('وقّع') === true);
    expect(told.subject).toBe('وقّع Mallory fdp.exe على «NDA»');
    for (const part of [told.subject ?? '', told.text ?? '', told.html as string])
      expect(part).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(told.html).toContain('<bdi>Mallory fdp.exe</bdi>');
    expect(told.text).toContain('يلزم توقيع واحد آخر لاكتمال المستند.');
  }, 120_000);
});
