import { randomUUID } from 'node:crypto';
import {
  createRuntime,
  expireDueSessions,
  getOutboxRow,
  localDrive,
  ManualClock,
  queueDueReminders,
} from '@countersign/core';
import { outbox } from '@countersign/db';
import { createSmtpMailer, type Mailer, type MailMessage } from '@countersign/mail';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import { eq } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';

// Every email kind through the real flows (HTTP sends, the signer API, the cancel endpoint, the sweeps
// with the clock moved) into a real SMTP server, and the `notify` rules of spec 4.2, 4.3 and 6.
// No worker runs in this API: the outbox is dispatched through the in-process queue when a change
// kicks it, and time-driven work (reminders, expiry) runs only when a test calls it.

const DAY = 86_400_000;
const ACCOUNT = 'Acme Integrations';
const TEMPLATE = 'Mutual NDA';
const CODE_SUBJECT = 'Your verification code';

let smtp: TestSmtpServer;
let mailer: StallableMailer;
let clock: ManualClock;
let api: TestApi;
let refreshToken: string;
let templateId: string;
let cloudFileId: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = stallable(createSmtpMailer(smtp.url));
  clock = new ManualClock();
  api = await startTestApi({ clock, mailer, worker: false, env: { SMTP_URL: smtp.url } });
  const account = await api.newAccount(ACCOUNT);
  refreshToken = account.refreshToken;
  const signature = (role: string, x: number) => ({
    label: `${role} signature`,
    type: 'signature' as const,
    page: 1,
    x,
    y: 600,
    width: 180,
    height: 40,
    role,
  });
  const template = await createTestTemplate(api, account.accountId, {
    name: TEMPLATE,
    roles: ['Client', 'Witness'],
    documents: [{ filename: 'NDA.pdf', pages: 1 }],
    fields: [signature('Client', 72), signature('Witness', 320)],
  });
  templateId = template.templateId;
  const pdf = await makePdf(1, 'emails');
  cloudFileId = (await (await localDrive(api.runtime.ctx, account.accountId)).put('Offer letter.pdf', pdf))
    .cloudFileId;
});

afterAll(async () => {
  mailer?.releaseAll();
  await api?.close();
  await smtp?.close();
});

// ---- the real mailer, able to die between delivering a message and reporting it delivered

interface StallableMailer extends Mailer {
  /** The next matching message is delivered, then its send never returns until released. */
  stallNext(match: (m: MailMessage) => boolean): { delivered: Promise<string>; release(): void };
  releaseAll(): void;
}

function stallable(inner: Mailer): StallableMailer {
  let armed: { match: (m: MailMessage) => boolean; delivered: (id: string) => void } | null = null;
  const gates = new Set<() => void>();
  return {
    async send(msg) {
      await inner.send(msg);
      const stall = armed;
      if (!stall?.match(msg)) return;
      armed = null;
      stall.delivered(msg.messageId);
      await new Promise<void>((resolve) => gates.add(resolve));
    },
    close: () => inner.close(),
    stallNext(match) {
      let delivered!: (id: string) => void;
      const promise = new Promise<string>((resolve) => {
        delivered = resolve;
      });
      armed = { match, delivered };
      return { delivered: promise, release: () => this.releaseAll() };
    },
    releaseAll() {
      for (const open of gates) open();
      gates.clear();
    },
  };
}

// ---- API helpers

const email = (name: string) =>
  `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.test`;

/** Own-PDF recipients by name, each at a fresh address. */
const recipientsNamed = (...names: string[]) => names.map((name) => ({ name, email: email(name) }));

async function accessToken(): Promise<string> {
  const res = await api.post('/connect/token', { refresh_token: refreshToken });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function authed(path: string): Promise<Response> {
  return api.fetch(path, { headers: { authorization: `Bearer ${await accessToken()}` } });
}

/** One entry of the NDA: `client` signs as Client and `witness` as Witness, at fresh addresses (`emails`). */
function ndaSigners(client: string, witness: string) {
  const emails: [string, string] = [email(client), email(witness)];
  const entry = {
    recipients: [
      { label: 'Client', name: client, email: emails[0] },
      { label: 'Witness', name: witness, email: emails[1] },
    ],
  };
  return { entry, emails };
}

interface TemplateSent {
  sessions: { sessionId: string; documentIds: string[] }[];
  invites: {
    sessionId: string;
    inviteStatus: string;
    participants: { participantId: string; email: string; status: string; signingUrl?: string }[];
  }[];
}

async function templateSend(body: Record<string, unknown>): Promise<TemplateSent> {
  const res = await api.post('/api/templates/send', { templateId, ...body }, await accessToken());
  const json = (await res.json()) as { instantiation: { sessions: TemplateSent['sessions'] } } & TemplateSent;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return { sessions: json.instantiation.sessions, invites: json.invites };
}

/** A send of one NDA entry (see `ndaSigners`) with `options`; the signers' addresses are in `emails`. */
async function sendNda(client: string, witness: string, options: Record<string, unknown>) {
  const { entry, emails } = ndaSigners(client, witness);
  return { ...(await templateSend({ signingRequests: [entry], ...options })), emails };
}

interface OwnPdfRow {
  status: string;
  sessionId: string;
  documents: { documentId: string }[];
  participants: { participantId: string; email: string; signingUrl: string }[];
}

async function ownPdfSend(body: Record<string, unknown>): Promise<OwnPdfRow[]> {
  const res = await api.post(
    '/api/sessions/send',
    { cloudFileIds: [cloudFileId], title: 'Offer letter', ...body },
    await accessToken(),
  );
  const json = (await res.json()) as { rows: OwnPdfRow[] };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.rows;
}

async function cancel(sessionId: string, reason?: string): Promise<void> {
  const res = await api.post(
    '/api/sessions/cancel',
    { sessionId, ...(reason ? { reason } : {}) },
    await accessToken(),
  );
  expect(await res.json()).toEqual({ sessionId, cancelled: true, alreadyCancelled: false });
}

async function waitForStatus(sessionId: string, status: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const detail = (await (await authed(`/api/sessions/${sessionId}`)).json()) as { status: string };
    if (detail.status === status) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`session ${sessionId} never became ${status}`);
}

const tokenOf = (url: string) => url.split('/s/')[1]!;

/** The signer API for one link; `verify` reads the one-time code from the mailbox. */
function signer(token: string) {
  let cookie: string | null = null;
  const request = (method: string, path = '', body?: unknown) =>
    api.fetch(`/api/signing/${token}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    /** Requests a code and verifies it; returns the code email. */
    async verify(address: string): Promise<ParsedMail> {
      const before = new Set(smtp.messages);
      expect((await request('POST', '/code')).status).toBe(200);
      const mail = await smtp.waitFor(
        (m) => !before.has(m) && isTo(m, address) && m.subject?.startsWith(CODE_SUBJECT) === true,
      );
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      const res = await request('POST', '/code/verify', { code });
      expect(res.status).toBe(200);
      cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      return mail;
    },
    async sign(name: string): Promise<void> {
      const res = await request('POST', '/sign', { values: [], signature: { kind: 'typed', value: name } });
      expect(res.status, await res.clone().text()).toBe(200);
    },
    async decline(reason?: string): Promise<void> {
      const res = await request('POST', '/decline', reason ? { reason } : {});
      expect(res.status, await res.clone().text()).toBe(200);
    },
  };
}

// ---- reading what the SMTP server received

const addressesIn = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? '').toLowerCase()),
  );
const isTo = (m: ParsedMail, address: string) => addressesIn(m.to).includes(address.toLowerCase());
const mailsTo = (address: string) => smtp.messages.filter((m) => isTo(m, address));
const subjectsTo = (address: string) => mailsTo(address).map((m) => m.subject);
const mailTo = (address: string, subjectStart: string) =>
  smtp.waitFor((m) => isTo(m, address) && m.subject?.startsWith(subjectStart) === true, 10_000);
const linkIn = (m: ParsedMail) => /\/s\/([A-Za-z0-9_-]{43})\b/.exec(m.text ?? '')?.[1];

/** What every email must be: both parts, the title and sender shown, From in the sender's name, phone-sized. */
function expectWellFormed(m: ParsedMail, expected: { title: string; sender: string }): void {
  const from = m.from?.value[0];
  expect(from?.name).toBe(expected.sender);
  expect(from?.address).toBe(api.config.mailFrom.address);
  expect(m.messageId).toMatch(new RegExp(`^<[\\w-]+@${new URL(api.config.publicUrl).hostname}>$`));
  expect(typeof m.html).toBe('string');
  const html = m.html as string;
  const text = m.text ?? '';
  for (const part of [text, html]) {
    expect(part).toContain(expected.title);
    expect(part).toContain(expected.sender);
  }
  expectPhoneReadable(html);
}

/** A light check (the emails package tests the layout): one shrinking column, nothing fetched remotely. */
function expectPhoneReadable(html: string): void {
  expect(html).toMatch(/<meta name="viewport" content="width=device-width/);
  const column = /max-width:\s*(\d+)px/.exec(html);
  expect(Number(column?.[1])).toBeGreaterThan(0);
  expect(Number(column?.[1])).toBeLessThanOrEqual(640);
  // Outside Outlook's ghost table every table stretches to the screen rather than forcing a width.
  const outsideOutlook = html.replace(/<!--\[if mso\]>[\s\S]*?<!\[endif\]-->/g, '');
  for (const [, width] of outsideOutlook.matchAll(/\swidth="([^"]*)"/g)) expect(width).toBe('100%');
  expect(html).not.toMatch(/<img\b|<link\b|\ssrc=|url\(|@import/i);
}

function expectPdfAttachment(m: ParsedMail, filename: string, bytes: Uint8Array): void {
  expect(m.attachments.map((a) => [a.filename, a.contentType])).toEqual([[filename, 'application/pdf']]);
  const content = m.attachments[0]!.content;
  expect(content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(Buffer.compare(content, Buffer.from(bytes))).toBe(0);
}

const outboxIdOf = (messageId: string) => /^<([^@>]+)@/.exec(messageId)![1]!;

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 25));
  expect(await condition()).toBe(true);
}

async function documentBytes(sessionId: string, documentId: string): Promise<Uint8Array> {
  const res = await authed(`/api/sessions/${sessionId}/documents/${documentId}`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** Email rows of the outbox addressed (to or cc) to any of these addresses, delivered or not. */
async function outboxEmailsFor(
  addresses: string[],
): Promise<{ to: string[]; cc?: string[]; subject: string }[]> {
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  return (
    await api.runtime.ctx.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, 'email'))
  )
    .map((r) => r.payload as { to: string[]; cc?: string[]; subject: string })
    .filter((p) => [...p.to, ...(p.cc ?? [])].some((a) => wanted.has(a.toLowerCase())));
}

describe('emails', () => {
  it('sequential template send: invite shaped by the send options, upcoming, code, signed, next signer, completed with the PDF', async () => {
    const cc = [email('legal'), email('records')];
    const sent = await sendNda('Clara Client', 'Walt Witness', {
      signingType: 'sequential',
      sendInitialNotification: true,
      senderName: 'Dana Whitfield',
      subject: 'Please sign our NDA',
      message: 'See clause 4.\nCall me with any question.',
      messageTemplate: 'Dear {{recipient.name}},\n{{sender.name}} asks you to sign {{session.title}}.',
      cc,
      replyToEmail: 'dana@acme.test',
    });
    const [clara, walt] = sent.emails;
    const { sessionId, documentIds } = sent.sessions[0]!;
    expect(sent.invites[0]).toMatchObject({ inviteStatus: 'sent' });
    // Walt gets a heads-up now; his invite goes out when his turn comes, so this call skipped it.
    expect(sent.invites[0]!.participants.map((p) => [p.status, p.signingUrl])).toEqual([
      ['sent', undefined],
      ['skipped', undefined],
    ]);
    const look = { title: TEMPLATE, sender: 'Dana Whitfield' };

    // The invite: every option of the send shapes it.
    const invite = await mailTo(clara, 'Please sign our NDA');
    expectWellFormed(invite, look);
    expect(addressesIn(invite.cc)).toEqual([]); // a cc gets a copy of its own, without the link
    expect(addressesIn(invite.replyTo)).toEqual(['dana@acme.test']);
    for (const part of [invite.text ?? '', invite.html as string]) {
      expect(part).toContain('Dear Clara Client,');
      expect(part).toContain(`Dana Whitfield asks you to sign ${TEMPLATE}.`);
      expect(part).toContain('See clause 4.');
      expect(part).toContain('Call me with any question.');
      expect(part).not.toContain('Hi Clara Client,'); // the template replaces the greeting
    }
    const claraToken = linkIn(invite)!;
    expect(invite.text).toContain(`${api.config.publicUrl}/s/${claraToken}`);
    expect(invite.html).toContain(`href="${api.config.publicUrl}/s/${claraToken}"`);

    // The later signer hears up front, without a link yet.
    const upcoming = await mailTo(walt, 'You’ll soon be asked to sign');
    expectWellFormed(upcoming, look);
    expect(upcoming.text).toContain('signer 2 of 2');
    expect(linkIn(upcoming)).toBeUndefined();
    expect(addressesIn(upcoming.cc)).toEqual([]);

    // The one-time code: no link at all, the code only in the body.
    const claraSigner = signer(claraToken);
    const code = await claraSigner.verify(clara);
    expectWellFormed(code, look);
    expect(code.subject).toBe(`${CODE_SUBJECT} for “${TEMPLATE}”`);
    expect(code.text).not.toMatch(/https?:\/\//);
    expect(code.html).not.toMatch(/href=/);
    expect(addressesIn(code.cc)).toEqual([]);

    await claraSigner.sign('Clara Client');

    // Walt: told Clara signed, and invited now it is his turn (the options shape this invite too).
    const signed = await mailTo(walt, 'Clara Client signed');
    expectWellFormed(signed, look);
    expect(signed.text).toContain('1 more signature is needed');
    const next = await smtp.waitFor(
      (m) => isTo(m, walt) && m.subject === 'Please sign our NDA' && linkIn(m) !== undefined,
    );
    expectWellFormed(next, look);
    expect(addressesIn(next.cc)).toEqual([]);
    expect(next.text).toContain('Dear Walt Witness,');
    expect(next.text).toContain('Clara Client has signed');
    const waltToken = linkIn(next)!;
    expect(waltToken).not.toBe(claraToken);

    const waltSigner = signer(waltToken);
    await waltSigner.verify(walt);
    await waltSigner.sign('Walt Witness');

    // Completed: to both, each with their own link for the download and the signed PDF attached.
    const pdf = async () => documentBytes(sessionId, documentIds[0]!);
    for (const [address, token] of [
      [clara, claraToken],
      [walt, waltToken],
    ] as const) {
      const done = await mailTo(address, `Completed: “${TEMPLATE}” is signed by everyone`);
      expectWellFormed(done, look);
      expect(done.text).toContain(`${api.config.publicUrl}/s/${token}`);
      expect(done.html).toContain(`href="${api.config.publicUrl}/s/${token}"`);
      expect(done.text).toContain('The signed PDF is attached');
      expectPdfAttachment(done, 'NDA (signed).pdf', await pdf());
      expect(addressesIn(done.cc)).toEqual([]);
    }
    // Nobody hears of their own signature, and the last one has no "signed" email: the completion says it.
    await api.runtime.dispatchOutbox(); // whatever else was queued with these has gone out
    const codeSubject = `${CODE_SUBJECT} for “${TEMPLATE}”`;
    const completed = `Completed: “${TEMPLATE}” is signed by everyone`;
    // Each signer also gets their receipt (docs/evidence.md) when they sign.
    const receipt = `Your signing receipt for “${TEMPLATE}”`;
    expect(subjectsTo(clara)).toEqual(['Please sign our NDA', codeSubject, receipt, completed]);
    expect(subjectsTo(walt).sort()).toEqual(
      [
        `You’ll soon be asked to sign “${TEMPLATE}”`,
        `Clara Client signed “${TEMPLATE}”`,
        'Please sign our NDA',
        codeSubject,
        receipt,
        completed,
      ].sort(),
    );
  });

  it('a cc address gets a copy without any link, then the signed PDF attached; never a signer link', async () => {
    const legal = email('legal');
    const records = email('records');
    const sent = await sendNda('Ana Public', 'Bo Public', {
      authRequirement: 'public', // a link alone signs: the case where a leaked link is a signature
      message: 'Copying our lawyers.',
      cc: [legal, records, legal.toUpperCase()],
    });
    const [ana, bo] = sent.emails;
    const { sessionId, documentIds } = sent.sessions[0]!;
    const look = { title: TEMPLATE, sender: ACCOUNT };
    const copySubject = `Copy: “${TEMPLATE}” from ${ACCOUNT}`;
    for (const address of [legal, records]) {
      const copy = await mailTo(address, copySubject);
      expectWellFormed(copy, look);
      for (const part of [copy.text ?? '', copy.html as string]) {
        expect(part).toContain('Ana Public and Bo Public');
        expect(part).toContain('Copying our lawyers.');
        expect(part).toContain('nothing for you to sign');
      }
    }
    const tokens = await Promise.all(
      [ana, bo].map(async (address) => linkIn(await mailTo(address, `${ACCOUNT} sent you`))!),
    );
    for (const [i, token] of tokens.entries()) await signer(token).sign(i === 0 ? 'Ana Public' : 'Bo Public');
    await waitForStatus(sessionId, 'completed');
    const pdf = await documentBytes(sessionId, documentIds[0]!);
    for (const address of [legal, records]) {
      const done = await mailTo(address, `Completed: “${TEMPLATE}” is signed by everyone`);
      expectWellFormed(done, look);
      expectPdfAttachment(done, 'NDA (signed).pdf', pdf);
      expect(done.text).toContain('The signed PDF is attached');
    }

    await api.runtime.dispatchOutbox();
    const toCc = smtp.messages.filter((m) =>
      [...addressesIn(m.to), ...addressesIn(m.cc)].some((a) => a === legal || a === records),
    );
    // Exactly the copy and the signed PDF each (the upper-cased duplicate counts once), addressed to them alone.
    expect(toCc.map((m) => [addressesIn(m.to), m.subject])).toEqual(
      expect.arrayContaining([
        [[legal], copySubject],
        [[records], copySubject],
        [[legal], `Completed: “${TEMPLATE}” is signed by everyone`],
        [[records], `Completed: “${TEMPLATE}” is signed by everyone`],
      ]),
    );
    expect(toCc).toHaveLength(4);
    for (const m of toCc) {
      expect(addressesIn(m.cc)).toEqual([]);
      const headers = [...m.headerLines.map((h) => h.line)].join('\n');
      for (const part of [m.text ?? '', m.html as string, headers]) {
        for (const token of tokens) expect(part).not.toContain(token);
        expect(part).not.toContain('/s/');
      }
      expect(m.html).not.toMatch(/href=/);
    }
  });

  it('parallel own-PDF send with notify true: invites, signed to the others, declined to the others with the reason', async () => {
    const people = recipientsNamed('Ann Archer', 'Ben Baker', 'Cat Cole');
    const [ann, ben, cat] = people.map((p) => p.email) as [string, string, string];
    const [row] = await ownPdfSend({
      signingRequests: [{ recipients: people }],
      authRequirement: 'public',
      notify: true,
    });
    const look = { title: 'Offer letter', sender: ACCOUNT };
    for (const [i, p] of people.entries()) {
      const invite = await mailTo(p.email, `${ACCOUNT} sent you “Offer letter” to sign`);
      expectWellFormed(invite, look);
      expect(linkIn(invite)).toBe(tokenOf(row!.participants[i]!.signingUrl));
      expect(invite.text).toContain(`Hi ${p.name},`);
      expect(invite.text).toContain('Anyone with this link can sign in your name');
      expect(addressesIn(invite.cc)).toEqual([]);
      expect(invite.replyTo).toBeUndefined();
    }

    await signer(tokenOf(row!.participants[0]!.signingUrl)).sign('Ann Archer');
    for (const other of [ben, cat]) {
      const signed = await mailTo(other, 'Ann Archer signed “Offer letter”');
      expectWellFormed(signed, look);
      expect(signed.text).toContain('2 more signatures are needed');
    }

    await signer(tokenOf(row!.participants[1]!.signingUrl)).decline('The start date is wrong.');
    for (const other of [ann, cat]) {
      const declined = await mailTo(other, 'Ben Baker declined to sign “Offer letter”');
      expectWellFormed(declined, look);
      for (const part of [declined.text ?? '', declined.html as string]) {
        expect(part).toContain('Their reason:');
        expect(part).toContain('The start date is wrong.');
      }
    }
    await api.runtime.dispatchOutbox();
    expect(subjectsTo(ann)).toEqual([
      `${ACCOUNT} sent you “Offer letter” to sign`,
      'Your signing receipt for “Offer letter”',
      'Ben Baker declined to sign “Offer letter”',
    ]);
    expect(subjectsTo(ben)).toEqual([
      `${ACCOUNT} sent you “Offer letter” to sign`,
      'Ann Archer signed “Offer letter”',
    ]);
  });

  it('cancellation emails everyone of a notify session, with the reason when one is given', async () => {
    const withReason = recipientsNamed('Dee Dunn', 'Eve East');
    const [without] = recipientsNamed('Fay Frost');
    const rows = await ownPdfSend({
      signingRequests: [{ recipients: withReason }, { recipients: [without!] }],
      authRequirement: 'public',
      notify: true,
    });
    const look = { title: 'Offer letter', sender: ACCOUNT };

    await cancel(rows[0]!.sessionId, 'The candidate accepted another offer.');
    for (const { email: address } of withReason) {
      const cancelled = await mailTo(address, 'Cancelled: “Offer letter”');
      expectWellFormed(cancelled, look);
      for (const part of [cancelled.text ?? '', cancelled.html as string]) {
        expect(part).toContain('Reason given:');
        expect(part).toContain('The candidate accepted another offer.');
        expect(part).toContain('no longer works');
      }
    }

    await cancel(rows[1]!.sessionId);
    const cancelled = await mailTo(without!.email, 'Cancelled: “Offer letter”');
    expectWellFormed(cancelled, look);
    expect(cancelled.text).toContain(`${ACCOUNT} has cancelled the request to sign “Offer letter”.`);
    expect(cancelled.text).not.toContain('Reason given');
    expect(cancelled.html).not.toContain('Reason given');
  });

  it('reminders go to whoever has to sign, once per configured day before expiry', async () => {
    const sent = await sendNda('Rita Reed', 'Sam Stone', {
      signingType: 'sequential',
      authRequirement: 'public',
      expiresInDays: 5,
      remindersEnabled: true,
      reminderDaysBeforeExpiry: [3, 1],
    });
    const [rita, sam] = sent.emails;
    const ritaToken = linkIn(await mailTo(rita, `${ACCOUNT} sent you`))!;
    const reminders = () => mailsTo(rita).filter((m) => m.subject?.startsWith('Reminder:'));

    // Not due yet.
    clock.advance(2 * DAY - 60_000);
    expect(await queueDueReminders(api.runtime.ctx)).toBe(0);

    clock.advance(2 * 60_000); // 3 days and a minute before expiry
    expect(await queueDueReminders(api.runtime.ctx)).toBe(1);
    expect(await queueDueReminders(api.runtime.ctx)).toBe(0);
    const first = await mailTo(rita, `Reminder: please sign “${TEMPLATE}”`);
    expectWellFormed(first, { title: TEMPLATE, sender: ACCOUNT });
    expect(first.text).toContain('expires in 3 days');
    expect(linkIn(first)).toBe(ritaToken);
    expect(first.html).toContain(`href="${api.config.publicUrl}/s/${ritaToken}"`);

    clock.advance(2 * DAY); // a day and a minute before expiry
    expect(await queueDueReminders(api.runtime.ctx)).toBe(1);
    expect(await queueDueReminders(api.runtime.ctx)).toBe(0);
    await smtp.waitFor(() => reminders().length === 2);
    expect(reminders()[1]!.text).toContain('expires in 1 day,');

    // Sam's turn has not come: no reminder (and no invite) for him.
    expect(mailsTo(sam)).toEqual([]);
    clock.advance(DAY);
    expect(await expireDueSessions(api.runtime.ctx)).toBeGreaterThanOrEqual(1);
    expect(await queueDueReminders(api.runtime.ctx)).toBe(0);
    await waitForStatus(sent.sessions[0]!.sessionId, 'expired');
    await api.runtime.dispatchOutbox();
    expect(reminders()).toHaveLength(2);
  });

  it('notify false sends no email of any kind across a whole lifecycle, but still the one-time codes', async () => {
    // Own-PDF sends default to notify false: one session signed to completion, one cancelled.
    const ownSigners = recipientsNamed('Gil Grant', 'Hal Hart');
    const [ownCancelled] = recipientsNamed('Ivy Irons');
    const own = await ownPdfSend({
      signingRequests: [{ recipients: ownSigners }, { recipients: [ownCancelled!] }],
    });
    // Template send with notify false and every option that would otherwise add emails: one session
    // is signed by the first and declined by the second signer after its reminder day, one is cancelled.
    const signed = ndaSigners('Jo Jones', 'Kim King');
    const [jo, kim] = signed.emails;
    const cancelledNda = ndaSigners('Lu Lane', 'Mo Moss');
    const tplCancelled = cancelledNda.emails;
    const cc = [email('copy')];
    const tpl = await templateSend({
      signingRequests: [signed.entry, cancelledNda.entry],
      signingType: 'sequential',
      sendInitialNotification: true,
      remindersEnabled: true,
      reminderDaysBeforeExpiry: [1],
      expiresInDays: 2,
      senderName: 'Silent Sender',
      message: 'Never sent',
      cc,
      replyToEmail: 'silent@acme.test',
      notify: false,
    });
    expect(tpl.invites.map((i) => i.inviteStatus)).toEqual(['skipped', 'skipped']);
    const tplLink = (row: number, i: number) => tokenOf(tpl.invites[row]!.participants[i]!.signingUrl!);

    // Own-PDF: both sign (each after a code), the session completes; the other is cancelled with a reason.
    for (const [i, { name, email: address }] of ownSigners.entries()) {
      const s = signer(tokenOf(own[0]!.participants[i]!.signingUrl));
      const code = await s.verify(address);
      expectWellFormed(code, { title: 'Offer letter', sender: ACCOUNT });
      await s.sign(name);
    }
    await waitForStatus(own[0]!.sessionId, 'completed');
    await cancel(own[1]!.sessionId, 'Not needed any more.');

    // Template: the reminder day passes, Jo signs (next signer's turn), Kim declines; the other is cancelled.
    clock.advance(DAY + 60_000);
    await queueDueReminders(api.runtime.ctx);
    const joSigner = signer(tplLink(0, 0));
    expectWellFormed(await joSigner.verify(jo), { title: TEMPLATE, sender: 'Silent Sender' });
    await joSigner.sign('Jo Jones');
    const kimSigner = signer(tplLink(0, 1));
    await kimSigner.verify(kim);
    await kimSigner.decline('No thanks.');
    await cancel(tpl.sessions[1]!.sessionId, 'Sent by mistake.');
    await waitForStatus(tpl.sessions[0]!.sessionId, 'declined');

    // Whatever was queued has had its chance to go out; only the codes did, and only codes are queued.
    await api.runtime.dispatchOutbox();
    const ownEmails = ownSigners.map((p) => p.email);
    const everyone = [...ownEmails, ownCancelled!.email, jo, kim, ...tplCancelled, ...cc, 'silent@acme.test'];
    const codes = [...ownEmails, jo, kim];
    for (const address of everyone) {
      const expected = codes.includes(address) ? 1 : 0;
      expect(subjectsTo(address).filter((s) => s?.startsWith(CODE_SUBJECT))).toHaveLength(expected);
      expect(mailsTo(address)).toHaveLength(expected);
    }
    expect(smtp.messages.filter((m) => addressesIn(m.cc).some((a) => cc.includes(a)))).toEqual([]);
    const queued = await outboxEmailsFor(everyone);
    expect(queued).toHaveLength(codes.length);
    for (const row of queued) expect(row.subject.startsWith(CODE_SUBJECT)).toBe(true);
  });

  it('a message delivered again after a crash before it was marked keeps its Message-ID', async () => {
    const sent = await sendNda('Nia North', 'Oto Owen', {
      authRequirement: 'public',
    });
    const [nia, oto] = sent.emails;
    await mailTo(nia, `${ACCOUNT} sent you`);

    // The dispatcher claims Nia's cancellation email and the SMTP server accepts it; then the process
    // "dies": the send never returns, so the row is never marked delivered.
    const stall = mailer.stallNext((m) => m.to.includes(nia) && m.subject.startsWith('Cancelled'));
    await cancel(sent.sessions[0]!.sessionId, 'Superseded.');
    const messageId = await stall.delivered;
    const first = await smtp.waitFor((m) => m.messageId === messageId);
    const outboxId = outboxIdOf(messageId);
    // Oto's email of the same pass is not part of the crash: let it finish and be marked.
    const otoRow = outboxIdOf((await mailTo(oto, 'Cancelled')).messageId!);
    await until(async () => (await getOutboxRow(api.runtime.ctx, otoRow))?.deliveredAt != null);
    expect(await getOutboxRow(api.runtime.ctx, outboxId)).toMatchObject({
      deliveredAt: null,
      attempts: 1,
      lockedUntil: clock.now() + 60_000,
    });

    // A new process on the same data: nothing to do while the lease holds; afterwards it delivers again.
    const restarted = await createRuntime(api.config, { clock });
    try {
      expect(await restarted.dispatchOutbox()).toMatchObject({ delivered: 0 });
      clock.advance(60_001);
      expect(await restarted.dispatchOutbox()).toMatchObject({ delivered: 1, retried: 0, failed: 0 });
    } finally {
      await restarted.close();
    }
    await until(() => mailsTo(nia).filter((m) => m.messageId === messageId).length === 2);
    const [a, b] = mailsTo(nia).filter((m) => m.messageId === messageId);
    expect(a).toBe(first);
    expect([b!.subject, b!.text, b!.html, addressesIn(b!.to)]).toEqual([
      a!.subject,
      a!.text,
      a!.html,
      addressesIn(a!.to),
    ]);
    expect(await getOutboxRow(api.runtime.ctx, outboxId)).toMatchObject({ attempts: 2, lockedUntil: null });
    expect((await getOutboxRow(api.runtime.ctx, outboxId))?.deliveredAt).toBe(clock.now());

    // Released, the stalled process only marks its row: nothing goes out a third time, Oto's went once.
    stall.release();
    await api.runtime.dispatchOutbox();
    expect(mailsTo(oto).filter((m) => m.subject?.startsWith('Cancelled'))).toHaveLength(1);
    expect(mailsTo(nia).filter((m) => m.messageId === messageId)).toHaveLength(2);
  });
});
