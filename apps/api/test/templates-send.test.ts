import { randomUUID } from 'node:crypto';
import { PRICES, setAllowance } from '@countersign/core';
import { sessions } from '@countersign/db';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import type {
  ErrorResponse,
  SessionDetail,
  SessionList,
  SigningView,
  TemplateCreated,
  TemplateSendResponse,
} from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { queueTopologies } from './queue-topologies.ts';
import { queuedEmailsTo } from './queued-emails.ts';

const DAY_MS = 86_400_000;
const box = { width: 100, height: 20 };

const topologies = queueTopologies();
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());

/** A fresh address per use: one SMTP server serves every test of the file. */
const address = (name: string) => `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.test`;

const addressesOf = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));

/** Messages received so far whose To names `email`. */
const mailTo = (email: string) => smtp.messages.filter((m) => addressesOf(m.to).includes(email));
const waitForMail = (email: string, also: (m: ParsedMail) => boolean = () => true) =>
  smtp.waitFor((m) => addressesOf(m.to).includes(email) && also(m), 5_000);

const tokenOf = (signingUrl: string) => signingUrl.split('/s/')[1]!;

describe.each(topologies)('POST /api/templates/send through the %s queue', (_driver, options) => {
  let api: TestApi;
  let account: Awaited<ReturnType<TestApi['newAccount']>>;
  /** Roles Tenant and Landlord; two documents; five "Rent" fields placed out of input order. */
  let lease: TemplateCreated;
  /** Roles First, Second, Third, each with a signature field: for sequential signing. */
  let chain: TemplateCreated;

  beforeAll(async () => {
    api = await startTestApi({ ...options(), env: { SMTP_URL: smtp.url } });
    account = await api.newAccount();
    lease = await createTestTemplate(api, account.accountId, {
      name: 'Lease',
      roles: ['Tenant', 'Landlord'],
      documents: [
        { filename: 'lease.pdf', pages: 2 },
        { filename: 'annex.pdf', pages: 1 },
      ],
      // Given scrambled: send labels follow document, page, top-to-bottom, left-to-right, not input order.
      fields: [
        { label: 'Rent', type: 'text', document: 'annex.pdf', page: 1, x: 72, y: 30, ...box },
        { label: 'Rent', type: 'text', page: 2, x: 72, y: 40, ...box },
        { label: 'Rent', type: 'text', page: 1, x: 300, y: 100, ...box },
        { label: 'Rent', type: 'text', page: 1, x: 72, y: 100, ...box },
        { label: 'Rent', type: 'text', page: 1, x: 400, y: 60, ...box },
        { label: 'Pets', type: 'checkbox', page: 1, x: 72, y: 150, width: 12, height: 12 },
        { label: 'Tenant phone', type: 'text', page: 1, x: 72, y: 200, role: 'Tenant', ...box },
        { label: 'Tenant signature', type: 'signature', page: 2, x: 72, y: 600, role: 'Tenant', ...box },
        { label: 'Landlord signature', type: 'signature', page: 2, x: 72, y: 650, role: 'Landlord', ...box },
      ],
    });
    chain = await createTestTemplate(api, account.accountId, {
      name: 'Chain',
      roles: ['First', 'Second', 'Third'],
      fields: ['First', 'Second', 'Third'].map((role, i) => ({
        label: `${role} signature`,
        type: 'signature' as const,
        page: 1,
        x: 72,
        y: 500 + i * 50,
        role,
        ...box,
      })),
    });
  });
  afterAll(() => api.close());

  const send = (body: Record<string, unknown>, token = account.accessToken) =>
    api.post('/api/templates/send', body, token);

  async function sendOk(body: Record<string, unknown>): Promise<TemplateSendResponse> {
    const res = await send(body);
    const json = (await res.json()) as TemplateSendResponse;
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json;
  }

  /** A lease send whose signing links come back instead of being emailed (notify false), with `options`. */
  const sendLeaseLinks = (signingRequests: unknown[], options: Record<string, unknown> = {}) =>
    sendOk({ templateId: lease.templateId, notify: false, signingRequests, ...options });

  /** A send of `template` that must be refused as a whole with 400 and `error`; the refusal's message. */
  async function sendRefused(
    template: TemplateCreated,
    signingRequests: unknown[],
    error: string,
    options: Record<string, unknown> = {},
  ): Promise<string> {
    const res = await send({ templateId: template.templateId, signingRequests, ...options });
    const json = (await res.json()) as ErrorResponse;
    expect({ status: res.status, error: json.error }).toEqual({ status: 400, error });
    return json.message ?? '';
  }

  /** The chain's signers in role order: Al as First, Bo as Second, Cy as Third. */
  const chainRecipients = (al: string, bo: string, cy: string) => [
    { label: 'First', name: 'Al', email: al },
    { label: 'Second', name: 'Bo', email: bo },
    { label: 'Third', name: 'Cy', email: cy },
  ];

  const get = async <T>(path: string, token = account.accessToken): Promise<T> => {
    const res = await api.fetch(path, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const detail = (sessionId: string) => get<SessionDetail>(`/api/sessions/${sessionId}`);

  async function listAll(query = '', token = account.accessToken): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SessionList = await get<SessionList>(
        `/api/sessions?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`,
        token,
      );
      ids.push(...page.sessions.map((s) => s.sessionId));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  /** Emails queued in the outbox for an address: what will be sent, not only what has arrived yet. */
  const queuedFor = (email: string) => queuedEmailsTo(api, email);

  const leaseRecipients = (tenant = address('tenant'), landlord = address('landlord')) => [
    { label: 'Tenant', name: 'Tina Tenant', email: tenant },
    { label: 'Landlord', name: 'Lou Landlord', email: landlord },
  ];

  const signerView = async (token: string): Promise<SigningView> => {
    const res = await api.fetch(`/api/signing/${token}`);
    expect(res.status).toBe(200);
    return (await res.json()) as SigningView;
  };
  const sign = (token: string, body: unknown) =>
    api.fetch(`/api/signing/${token}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  describe('roles', () => {
    it('match recipients[].label case-insensitively and keep the template spelling', async () => {
      const body = await sendLeaseLinks([
        {
          recipients: [
            { label: 'TENANT', name: 'Tina Tenant', email: address('tenant') },
            { label: 'landlord', name: 'Lou Landlord', email: address('landlord') },
          ],
        },
      ]);
      const row = body.instantiation.sessions[0]!;
      expect(row.status).toBe('created');
      const session = await detail(row.sessionId!);
      expect(session.participants.map((p) => [p.name, p.roleLabel])).toEqual([
        ['Tina Tenant', 'Tenant'],
        ['Lou Landlord', 'Landlord'],
      ]);
    });

    it('answer 400 unmapped_placeholders naming each role no entry maps, creating nothing', async () => {
      const before = await listAll();
      for (const [recipients, missing, present] of [
        [[{ label: 'Tenant', name: 'T', email: address('t') }], 'Landlord', 'Tenant'],
        [[{ label: 'landlord', name: 'L', email: address('l') }], 'Tenant', 'Landlord'],
      ] as const) {
        const message = await sendRefused(lease, [{ recipients }, { recipients }], 'unmapped_placeholders');
        expect(message).toContain(missing);
        expect(message).not.toContain(present);
      }
      const second = { recipients: [{ label: 'second', name: 'S', email: address('s') }] };
      const none = await sendRefused(chain, [second], 'unmapped_placeholders');
      expect(none).toContain('First');
      expect(none).toContain('Third');
      expect(await listAll()).toEqual(before);
    });

    it.each([
      [
        'answer 400 for a recipient label that matches no role, creating nothing',
        () => [
          { recipients: leaseRecipients() },
          { recipients: [...leaseRecipients(), { label: 'Guarantor', name: 'G', email: address('g') }] },
        ],
        'unknown_recipient_label',
        ['Guarantor'],
      ],
      [
        'answer 400 unmapped_placeholders for a misspelt role label, naming the label',
        () => {
          const [tenant, landlord] = leaseRecipients();
          return [{ recipients: [tenant!, { ...landlord!, label: 'Landlrod' }] }];
        },
        'unmapped_placeholders',
        ['signingRequests[0] (Landlord)', '"Landlrod" matches no role'],
      ],
    ])('%s', async (_title, entries, error, named) => {
      const before = await listAll();
      const message = await sendRefused(lease, entries(), error);
      for (const part of named) expect(message).toContain(part);
      expect(await listAll()).toEqual(before);
    });

    it('answer 400 unmapped_placeholders when one entry lacks a role another entry maps, creating and emailing nothing', async () => {
      const before = await listAll();
      const [tenant, landlord, solo] = [address('full-t'), address('full-l'), address('solo')];
      const alongside = { recipients: leaseRecipients(tenant, landlord) };
      const soloEntry = { recipients: [{ label: 'Tenant', name: 'Solo', email: solo }] };
      const message = await sendRefused(lease, [alongside, soloEntry], 'unmapped_placeholders');
      expect(message).toContain('signingRequests[1] (Landlord)');
      expect(message).not.toContain('signingRequests[0]');
      expect(await listAll()).toEqual(before);
      expect(await Promise.all([tenant, landlord, solo].map(queuedFor))).toEqual([0, 0, 0]);

      // The same entry alone: the same answer.
      const alone = await sendRefused(lease, [soloEntry], 'unmapped_placeholders');
      expect(alone).toContain('signingRequests[0] (Landlord)');
    });

    it('name the first few entries lacking roles, with their roles, and count the rest', async () => {
      const before = await listAll();
      const full = { recipients: leaseRecipients() };
      const noLandlord = { recipients: [{ label: 'tenant', name: 'T', email: address('t') }] };
      const noTenant = { recipients: [{ label: 'LANDLORD', name: 'L', email: address('l') }] };
      const noSecond = [
        { label: 'First', name: 'Al', email: address('al') },
        { label: 'Third', name: 'Cy', email: address('cy') },
      ];
      const gap = await sendRefused(chain, [{ recipients: noSecond }], 'unmapped_placeholders', {
        notify: false,
      });
      expect(gap).toContain('signingRequests[0] (Second)');

      const entries = [full, noLandlord, full, noTenant, ...Array.from({ length: 7 }, () => noLandlord)];
      const message = await sendRefused(lease, entries, 'unmapped_placeholders', { notify: false });
      expect(message).toContain('9 entries');
      expect(message).toContain(
        'signingRequests[1] (Landlord), signingRequests[3] (Tenant), signingRequests[4] (Landlord), ' +
          'signingRequests[5] (Landlord), signingRequests[6] (Landlord) and 4 more',
      );
      expect(message).not.toContain('signingRequests[7]');
      expect(await listAll()).toEqual(before);
    });

    it('fail only the row of an entry that fills a role twice', async () => {
      const body = await sendLeaseLinks([
        { recipients: leaseRecipients() },
        { recipients: [...leaseRecipients(), { label: 'tenant', name: 'Twin', email: address('twin') }] },
        { recipients: leaseRecipients() },
      ]);
      const rows = body.instantiation.sessions;
      expect(rows.map((r) => [r.rowIndex, r.status])).toEqual([
        [0, 'created'],
        [1, 'error'],
        [2, 'created'],
      ]);
      expect(rows[1]!.error).toMatch(/^duplicate_role: /);
      expect(rows[1]!.documentIds).toEqual([]);
      expect(rows[1]!.sessionId).toBeUndefined();
      expect(body.invites.map((i) => i.sessionId)).toEqual([rows[0]!.sessionId, rows[2]!.sessionId]);
    });
  });

  describe('prefill fields', () => {
    it('addresses repeated labels as <label>, <label> 2, ... in document, page, top-down, left-right order', async () => {
      const body = await sendLeaseLinks(
        [
          {
            recipients: leaseRecipients(),
            fields: ['Rent', 'Rent 2', 'Rent 3', 'Rent 4', 'Rent 5'].map((label) => ({
              label,
              value: `value of ${label}`,
            })),
          },
        ],
        { authRequirement: 'public' },
      );
      const tenant = body.invites[0]!.participants[0]!;
      const view = await signerView(tokenOf(tenant.signingUrl!));
      const filename = new Map(view.documents.map((d) => [d.id, d.filename]));
      const at = (file: string, page: number, x: number, y: number) =>
        view.fields.find(
          (f) => filename.get(f.documentId) === file && f.page === page && f.rect.x === x && f.rect.y === y,
        );
      expect(at('lease.pdf', 1, 400, 60)?.value).toBe('value of Rent');
      expect(at('lease.pdf', 1, 72, 100)?.value).toBe('value of Rent 2');
      expect(at('lease.pdf', 1, 300, 100)?.value).toBe('value of Rent 3');
      expect(at('lease.pdf', 2, 72, 40)?.value).toBe('value of Rent 4');
      expect(at('annex.pdf', 1, 72, 30)?.value).toBe('value of Rent 5');
      // Sender prefill is read-only for signers.
      expect(at('lease.pdf', 1, 400, 60)).toMatchObject({ mine: false, readOnly: true });
    });

    it('matches labels exactly and case-sensitively: anything else fails only that row', async () => {
      const ok = { recipients: leaseRecipients(), fields: [{ label: 'Rent 2', value: '1450' }] };
      const body = await sendLeaseLinks([
        ok,
        { recipients: leaseRecipients(), fields: [{ label: 'rent', value: '1' }] },
        { recipients: leaseRecipients(), fields: [{ label: 'Rent 6', value: '1' }] },
        { recipients: leaseRecipients(), fields: [{ label: 'Rent ', value: '1' }] },
        ok,
      ]);
      const rows = body.instantiation.sessions;
      expect(rows.map((r) => r.status)).toEqual(['created', 'error', 'error', 'error', 'created']);
      for (const row of rows.slice(1, 4)) {
        expect(row.error).toMatch(/^unknown_field_label: fields\[0\]/);
        expect(row.documentIds).toEqual([]);
      }
      expect(rows[1]!.error).toContain('"rent"');
      expect(rows[0]!.documentIds).toHaveLength(2);
      expect(body.instantiation.bulkSendBatchId).toEqual(expect.any(String));
      expect(body.invites).toHaveLength(2);
    });

    it('restricts by document filename and by role', async () => {
      const entry = (field: Record<string, string>) => ({ recipients: leaseRecipients(), fields: [field] });
      const body = await sendLeaseLinks([
        entry({ label: 'Pets', value: 'true', document: 'lease.pdf' }),
        entry({ label: 'Pets', value: 'true', document: 'annex.pdf' }),
        entry({ label: 'Pets', value: 'true', document: 'missing.pdf' }),
        entry({ label: 'Tenant phone', value: '555', recipient: 'tenant' }),
        entry({ label: 'Tenant phone', value: '555', recipient: 'Landlord' }),
        entry({ label: 'Tenant phone', value: '555', recipient: 'Guarantor' }),
        entry({ label: 'Rent 5', value: '9', document: 'annex.pdf' }),
        entry({ label: 'Rent', value: '9', document: 'lease.pdf' }),
        // Numbered within the scope: the first (only) Rent of annex.pdf is "Rent" there.
        entry({ label: 'Rent', value: '9', document: 'annex.pdf' }),
        entry({ label: 'Rent 2', value: '9', document: 'annex.pdf' }),
      ]);
      expect(body.instantiation.sessions.map((r) => r.error?.split(':')[0] ?? r.status)).toEqual([
        'created',
        'unknown_field_label',
        'unknown_document',
        'created',
        'unknown_field_label',
        'unknown_recipient_label',
        'created',
        'created',
        'created',
        'unknown_field_label',
      ]);
      expect(body.instantiation.sessions[1]!.error).toContain('annex.pdf');
    });

    it('takes only "true" or "false" for a checkbox, failing only that row', async () => {
      const entry = (value: string) => ({
        recipients: leaseRecipients(),
        fields: [{ label: 'Pets', value }],
      });
      const body = await sendLeaseLinks(
        [entry('true'), entry('yes'), entry('false'), entry('TRUE'), entry('')],
        { authRequirement: 'public' },
      );
      const rows = body.instantiation.sessions;
      expect(rows.map((r) => r.status)).toEqual(['created', 'error', 'created', 'error', 'error']);
      for (const row of [rows[1]!, rows[3]!, rows[4]!]) {
        expect(row.error).toMatch(/^invalid_field_value: .*checkbox/);
        expect(row.documentIds).toEqual([]);
      }
      const views = await Promise.all(
        [0, 1].map((i) => signerView(tokenOf(body.invites[i]!.participants[0]!.signingUrl!))),
      );
      expect(views.map((v) => v.fields.find((f) => f.type === 'checkbox')?.value)).toEqual(['true', 'false']);
    });

    it('lets the sender prefill a role field that its signer sees, may edit and may change', async () => {
      const body = await sendLeaseLinks(
        [
          {
            recipients: leaseRecipients(),
            fields: [{ label: 'Tenant phone', value: '020 7946 0018', recipient: 'Tenant' }],
          },
        ],
        { authRequirement: 'public' },
      );
      const [tenant, landlord] = body.invites[0]!.participants.map((p) => tokenOf(p.signingUrl!));
      const phone = (v: SigningView) => v.fields.find((f) => f.label === 'Tenant phone')!;
      const tenantView = await signerView(tenant!);
      expect(phone(tenantView)).toMatchObject({ value: '020 7946 0018', mine: true, readOnly: false });
      expect(phone(await signerView(landlord!))).toMatchObject({
        value: '020 7946 0018',
        mine: false,
        readOnly: true,
      });
      const signed = await sign(tenant!, {
        values: [{ fieldId: phone(tenantView).id, value: '020 7946 0019' }],
        signature: { kind: 'typed', value: 'Tina Tenant' },
      });
      expect(signed.status).toBe(200);
      expect(phone(await signerView(landlord!)).value).toBe('020 7946 0019');
    });

    it("refuses a prefill of a signer's signature field, failing only that row", async () => {
      const body = await sendLeaseLinks([
        { recipients: leaseRecipients(), fields: [{ label: 'Tenant signature', value: 'T' }] },
        { recipients: leaseRecipients() },
      ]);
      expect(body.instantiation.sessions.map((r) => r.status)).toEqual(['error', 'created']);
      expect(body.instantiation.sessions[0]!.error).toMatch(/^invalid_field_value: .*signature/);
    });
  });

  describe('results', () => {
    it('creates one session per entry, with a batch id only for two or more entries', async () => {
      const single = await sendLeaseLinks([{ recipients: leaseRecipients() }]);
      expect(single.instantiation).not.toHaveProperty('bulkSendBatchId');
      expect((await detail(single.instantiation.sessions[0]!.sessionId!)).bulkSendBatchId).toBeNull();

      const bulk = await sendLeaseLinks([
        { recipients: leaseRecipients() },
        { recipients: leaseRecipients(), fields: [{ label: 'Nope', value: 'x' }] },
        { recipients: leaseRecipients() },
      ]);
      const batchId = bulk.instantiation.bulkSendBatchId!;
      expect(batchId).toEqual(expect.any(String));
      const rows = bulk.instantiation.sessions;
      expect(rows.map((r) => r.rowIndex)).toEqual([0, 1, 2]);
      const created = [rows[0]!.sessionId!, rows[2]!.sessionId!];
      expect(new Set(created).size).toBe(2);
      expect((await listAll(`&bulkSendBatchId=${batchId}`)).sort()).toEqual([...created].sort());
      expect(await listAll('&bulkSendBatchId=no-such-batch')).toEqual([]);

      // documentIds: every document of the session, in template order.
      for (const row of [rows[0]!, rows[2]!]) {
        const session = await detail(row.sessionId!);
        expect(session.bulkSendBatchId).toBe(batchId);
        expect(session.templateId).toBe(lease.templateId);
        expect(session.documents.map((d) => d.documentId)).toEqual(row.documentIds);
        expect(session.documents.map((d) => d.filename)).toEqual(['lease.pdf', 'annex.pdf']);
      }
      expect(new Set([...rows[0]!.documentIds, ...rows[2]!.documentIds]).size).toBe(4);
    });

    it('with notify false, emails nobody and returns a distinct signing link per participant', async () => {
      const emails = [address('quiet-t'), address('quiet-l')];
      const body = await sendLeaseLinks([{ recipients: leaseRecipients(emails[0], emails[1]) }]);
      const invite = body.invites[0]!;
      expect(invite).toMatchObject({
        sessionId: body.instantiation.sessions[0]!.sessionId,
        title: 'Lease',
        inviteStatus: 'skipped',
      });
      expect(invite).not.toHaveProperty('inviteError');
      expect(invite.participants).toEqual([
        {
          participantId: expect.any(String),
          email: emails[0],
          name: 'Tina Tenant',
          status: 'skipped',
          signingUrl: expect.stringMatching(new RegExp(`^${api.config.publicUrl}/s/[A-Za-z0-9_-]{43}$`)),
        },
        {
          participantId: expect.any(String),
          email: emails[1],
          name: 'Lou Landlord',
          status: 'skipped',
          signingUrl: expect.stringMatching(new RegExp(`^${api.config.publicUrl}/s/[A-Za-z0-9_-]{43}$`)),
        },
      ]);
      expect(invite.participants[0]!.signingUrl).not.toBe(invite.participants[1]!.signingUrl);
      const session = await detail(invite.sessionId);
      expect(session.notify).toBe(false);
      expect(session.participants.map((p) => p.inviteStatus)).toEqual(['skipped', 'skipped']);
      // The links lead to their own signer.
      const view = await signerView(tokenOf(invite.participants[1]!.signingUrl!));
      expect(view.participant).toMatchObject({ name: 'Lou Landlord', email: emails[1] });
      expect(await Promise.all(emails.map(queuedFor))).toEqual([0, 0]);
      expect(emails.flatMap(mailTo)).toEqual([]);
    });

    it('applies the defaults: parallel, otp, notify true (invites emailed, no links returned), 30 days', async () => {
      const emails = [address('default-t'), address('default-l')];
      const body = await sendOk({
        templateId: lease.templateId,
        signingRequests: [{ recipients: leaseRecipients(emails[0], emails[1]) }],
      });
      const invite = body.invites[0]!;
      expect(invite.inviteStatus).toBe('sent');
      expect(invite.participants.map((p) => [p.email, p.status])).toEqual([
        [emails[0], 'sent'],
        [emails[1], 'sent'],
      ]);
      for (const p of invite.participants) expect(p).not.toHaveProperty('signingUrl');
      const session = await detail(invite.sessionId);
      expect(session).toMatchObject({
        signingType: 'parallel',
        authRequirement: 'otp',
        notify: true,
        status: 'active',
      });
      expect(session.participants.map((p) => p.inviteStatus)).toEqual(['sent', 'sent']);
      expect((Date.parse(session.expiresAt) - Date.parse(session.createdAt)) / DAY_MS).toBeCloseTo(30, 5);

      // Both got their invite; its link is an otp link: nothing shows before a code is verified.
      const mails = await Promise.all(emails.map((e) => waitForMail(e)));
      const link = new RegExp(`${api.config.publicUrl}/s/([A-Za-z0-9_-]{43})`);
      const token = link.exec(mails[0]!.text ?? '')?.[1];
      expect(token).toBeDefined();
      const view = await signerView(token!);
      expect(view.participant.email).toBe(emails[0]);
      expect(view.auth).toMatchObject({ required: true, verified: false });
      expect(view.fields).toEqual([]);
      expect(view.documents).toEqual([]);
    });

    it('reports failed for a participant whose invite the mail server refuses, error for its invite', async () => {
      const refused = address('refused');
      smtp.reject(refused, 550);
      const good = [address('good-t'), address('good-t2'), address('good-l2')];
      const body = await sendOk({
        templateId: lease.templateId,
        signingRequests: [
          { recipients: leaseRecipients(good[0], refused) },
          { recipients: leaseRecipients(good[1], good[2]) },
        ],
      });
      expect(body.instantiation.sessions.map((r) => r.status)).toEqual(['created', 'created']);
      const [first, second] = body.invites;
      expect(first!.inviteStatus).toBe('error');
      expect(first!.inviteError).toEqual(expect.any(String));
      expect(first!.inviteError!.length).toBeGreaterThan(0);
      expect(first!.participants.map((p) => [p.email, p.status])).toEqual([
        [good[0], 'sent'],
        [refused, 'failed'],
      ]);
      expect(second!.inviteStatus).toBe('sent');
      expect(second).not.toHaveProperty('inviteError');
      expect(second!.participants.map((p) => p.status)).toEqual(['sent', 'sent']);
      await Promise.all(good.map((e) => waitForMail(e)));
      expect(mailTo(refused)).toEqual([]);
      // The session keeps each invite's outcome.
      const stored = await detail(first!.sessionId);
      expect(stored.participants.map((p) => [p.email, p.inviteStatus])).toEqual([
        [good[0], 'sent'],
        [refused, 'failed'],
      ]);
    });
  });

  describe('options', () => {
    it('shape the invite: sender name, subject, message, cc and reply-to; the others are stored', async () => {
      const to = address('shaped');
      const cc = [address('cc-one'), address('cc-two')];
      const body = await sendOk({
        templateId: lease.templateId,
        senderName: 'Harbour Lettings',
        subject: 'Your lease for 12 Quay Street',
        message: 'Call us on 020 7946 0018 with any question.',
        cc,
        replyToEmail: 'lettings@harbour.example',
        remindersEnabled: true,
        reminderDaysBeforeExpiry: [7, 2],
        signingRequests: [{ recipients: leaseRecipients(to) }],
      });
      const mail = await waitForMail(to);
      const from = Array.isArray(mail.from) ? mail.from[0] : mail.from;
      expect(from?.value[0]?.name).toBe('Harbour Lettings');
      expect(mail.subject).toBe('Your lease for 12 Quay Street');
      expect(mail.text).toContain('Call us on 020 7946 0018 with any question.');
      expect(addressesOf(mail.replyTo)).toEqual(['lettings@harbour.example']);
      // A cc is never copied on the signer's invite (it holds their link); each gets a linkless copy of its own.
      expect(addressesOf(mail.cc)).toEqual([]);
      for (const copy of await Promise.all(cc.map((c) => waitForMail(c)))) {
        expect(copy.subject).toBe('Copy: “Lease” from Harbour Lettings');
        expect(copy.text).not.toContain('/s/');
      }

      const sessionId = body.invites[0]!.sessionId;
      const [stored] = await api.runtime.ctx.db
        .select({ options: sessions.options })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      expect(stored!.options).toMatchObject({
        senderName: 'Harbour Lettings',
        remindersEnabled: true,
        reminderDaysBeforeExpiry: [7, 2],
      });
    });

    it('replaces the placeholders of messageTemplate in the invite', async () => {
      const to = address('templated');
      await sendOk({
        templateId: lease.templateId,
        senderName: 'Harbour',
        messageTemplate:
          'Dear {{recipient.name}} <{{recipient.email}}>, {{sender.name}} asks you to sign {{session.title}} here: {{signing.url}}',
        signingRequests: [{ recipients: leaseRecipients(to) }],
      });
      const text = (await waitForMail(to)).text ?? '';
      expect(text).toContain(`Dear Tina Tenant <${to}>, Harbour asks you to sign Lease here:`);
      expect(text).toContain(`${api.config.publicUrl}/s/`);
      expect(text).not.toContain('{{');
    });

    it('stores expiresInDays as the session expiry', async () => {
      const body = await sendOk({
        templateId: lease.templateId,
        notify: false,
        expiresInDays: 7,
        signingRequests: [{ recipients: leaseRecipients() }],
      });
      const session = await detail(body.invites[0]!.sessionId);
      expect((Date.parse(session.expiresAt) - Date.parse(session.createdAt)) / DAY_MS).toBeCloseTo(7, 5);
      const view = await signerView(tokenOf(body.invites[0]!.participants[0]!.signingUrl!));
      expect(view.expiresAt).toBe(session.expiresAt);
    });

    it('authRequirement public: the link shows documents and fields without a code', async () => {
      const body = await sendLeaseLinks([{ recipients: leaseRecipients() }], { authRequirement: 'public' });
      expect((await detail(body.invites[0]!.sessionId)).authRequirement).toBe('public');
      const view = await signerView(tokenOf(body.invites[0]!.participants[0]!.signingUrl!));
      expect(view.auth.required).toBe(false);
      expect(view.yourTurn).toBe(true);
      expect(view.documents.map((d) => d.filename)).toEqual(['lease.pdf', 'annex.pdf']);
      expect(view.fields.length).toBeGreaterThan(0);
    });

    it('signingType sequential: recipients sign in recipient order', async () => {
      const body = await sendOk({
        templateId: chain.templateId,
        notify: false,
        authRequirement: 'public',
        signingType: 'sequential',
        // Given out of role order: the order of `recipients` is the signing order.
        signingRequests: [
          {
            recipients: [
              { label: 'Third', name: 'Cy', email: address('cy') },
              { label: 'First', name: 'Al', email: address('al') },
              { label: 'Second', name: 'Bo', email: address('bo') },
            ],
          },
        ],
      });
      const session = await detail(body.invites[0]!.sessionId);
      expect(session.signingType).toBe('sequential');
      expect(session.participants.map((p) => [p.name, p.signingOrder])).toEqual([
        ['Cy', 1],
        ['Al', 2],
        ['Bo', 3],
      ]);
      const [cy, al] = body.invites[0]!.participants.map((p) => tokenOf(p.signingUrl!));
      const signature = (value: string) => ({ signature: { kind: 'typed', value } });

      const early = await sign(al!, signature('Al'));
      expect(early.status).toBe(409);
      expect(((await early.json()) as ErrorResponse).error).toBe('not_your_turn');
      const waiting = await signerView(al!);
      expect(waiting.yourTurn).toBe(false);
      expect(waiting.waitingFor).toEqual([{ name: 'Cy' }]);

      expect((await sign(cy!, signature('Cy'))).status).toBe(200);
      expect((await signerView(al!)).yourTurn).toBe(true);
      expect((await sign(al!, signature('Al'))).status).toBe(200);
    });

    it('signingType sequential with notify: only the first is invited; the next when their turn comes', async () => {
      const [al, bo, cy] = [address('seq-al'), address('seq-bo'), address('seq-cy')];
      const body = await sendOk({
        templateId: chain.templateId,
        authRequirement: 'public',
        signingType: 'sequential',
        signingRequests: [
          {
            recipients: chainRecipients(al, bo, cy),
          },
        ],
      });
      // Only Al was invited by this call; Bo and Cy are invited when their turn comes.
      expect(body.invites[0]!.inviteStatus).toBe('sent');
      expect(body.invites[0]!.participants.map((p) => [p.email, p.status])).toEqual([
        [al, 'sent'],
        [bo, 'skipped'],
        [cy, 'skipped'],
      ]);
      const invite = await waitForMail(al);
      // Invites are delivered before the answer: nothing went to the later signers.
      expect([...mailTo(bo), ...mailTo(cy)]).toEqual([]);
      const sessionId = body.invites[0]!.sessionId;
      const statuses = async () => (await detail(sessionId)).participants.map((p) => p.inviteStatus);
      expect(await statuses()).toEqual(['sent', 'skipped', 'skipped']);
      const token = new RegExp(`${api.config.publicUrl}/s/([A-Za-z0-9_-]{43})`).exec(invite.text ?? '')?.[1];
      expect((await sign(token!, { signature: { kind: 'typed', value: 'Al' } })).status).toBe(200);
      // Bo's turn: an email with a link. Cy has not been told of the session yet, so hears nothing.
      const next = await waitForMail(bo);
      expect(next.text).toMatch(new RegExp(`${api.config.publicUrl}/s/[A-Za-z0-9_-]{43}`));
      expect(await queuedFor(bo)).toBe(1);
      expect(await queuedFor(cy)).toBe(0);
      expect(mailTo(cy)).toEqual([]);
      expect(await statuses()).toEqual(['sent', 'sent', 'skipped']);
    });

    it('sendInitialNotification: later signers get an upcoming email up front', async () => {
      const [al, bo, cy] = [address('up-al'), address('up-bo'), address('up-cy')];
      const body = await sendOk({
        templateId: chain.templateId,
        signingType: 'sequential',
        sendInitialNotification: true,
        signingRequests: [
          {
            recipients: chainRecipients(al, bo, cy),
          },
        ],
      });
      // The heads-up is not their invite: that goes out when their turn comes.
      expect(body.invites[0]!.inviteStatus).toBe('sent');
      expect(body.invites[0]!.participants.map((p) => p.status)).toEqual(['sent', 'skipped', 'skipped']);
      const [first, second, third] = await Promise.all([al, bo, cy].map((e) => waitForMail(e)));
      expect(first!.subject).not.toMatch(/soon be asked/);
      expect(first!.text).toContain(`${api.config.publicUrl}/s/`);
      for (const [mail, position] of [
        [second!, 2],
        [third!, 3],
      ] as const) {
        expect(mail.subject).toMatch(/soon be asked to sign/);
        expect(mail.text).toContain(`signer ${position} of 3`);
      }
    });
    it('sequential with notify: a later signer is skipped, failed only when their heads-up is refused', async () => {
      const refusedLater = address('refused-later');
      smtp.reject(refusedLater, 550);
      // Not emailed by this call, so a refusing mail server is not asked yet: skipped.
      const quiet = await sendOk({
        templateId: chain.templateId,
        signingType: 'sequential',
        signingRequests: [{ recipients: chainRecipients(address('q-al'), refusedLater, address('q-cy')) }],
      });
      expect(quiet.invites[0]!.inviteStatus).toBe('sent');
      expect(quiet.invites[0]).not.toHaveProperty('inviteError');
      expect(quiet.invites[0]!.participants.map((p) => p.status)).toEqual(['sent', 'skipped', 'skipped']);

      // With sendInitialNotification the heads-up is emailed now: its refusal is reported.
      const [al, cy] = [address('h-al'), address('h-cy')];
      const told = await sendOk({
        templateId: chain.templateId,
        signingType: 'sequential',
        sendInitialNotification: true,
        signingRequests: [{ recipients: chainRecipients(al, refusedLater, cy) }],
      });
      expect(told.invites[0]!.inviteStatus).toBe('error');
      expect(told.invites[0]!.inviteError).toEqual(expect.any(String));
      expect(told.invites[0]!.participants.map((p) => [p.email, p.status])).toEqual([
        [al, 'sent'],
        [refusedLater, 'failed'],
        [cy, 'skipped'],
      ]);
    });
  });

  describe('errors', () => {
    it("answers 404 template_not_found for an unknown template and for another account's", async () => {
      const other = await api.newAccount('Other');
      const theirs = await createTestTemplate(api, other.accountId, { roles: ['Tenant', 'Landlord'] });
      for (const templateId of ['no-such-template', theirs.templateId]) {
        const res = await send({ templateId, signingRequests: [{ recipients: leaseRecipients() }] });
        expect(res.status).toBe(404);
        expect(((await res.json()) as ErrorResponse).error).toBe('template_not_found');
      }
      // The other way round too: our template is not theirs to send.
      const res = await send(
        { templateId: lease.templateId, signingRequests: [{ recipients: leaseRecipients() }] },
        other.accessToken,
      );
      expect(res.status).toBe(404);
      expect(await listAll('', other.accessToken)).toEqual([]);
    });

    it('answers 401 without a valid bearer token', async () => {
      const body = { templateId: lease.templateId, signingRequests: [{ recipients: leaseRecipients() }] };
      expect((await api.post('/api/templates/send', body)).status).toBe(401);
      expect((await api.post('/api/templates/send', body, 'not-a-token')).status).toBe(401);
      expect((await listAll()).length).toBeGreaterThan(0); // the token itself works
    });

    it('fails the rows beyond a small allowance, then answers 429 with Retry-After', async () => {
      const small = await api.newAccount('Small');
      const template = await createTestTemplate(api, small.accountId, { roles: ['Tenant', 'Landlord'] });
      await setAllowance(api.runtime.ctx, small.accountId, 2 * PRICES.templateSendEntry, DAY_MS);
      const res = await send(
        {
          templateId: template.templateId,
          notify: false,
          signingRequests: [1, 2, 3].map(() => ({ recipients: leaseRecipients() })),
        },
        small.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      const body = (await res.json()) as TemplateSendResponse;
      const rows = body.instantiation.sessions;
      expect(rows.map((r) => r.status)).toEqual(['created', 'created', 'error']);
      expect(rows[2]!.error).toMatch(/^allowance_exhausted/);
      expect(rows[2]!.documentIds).toEqual([]);
      expect(body.invites).toHaveLength(2);

      const again = await send(
        { templateId: template.templateId, signingRequests: [{ recipients: leaseRecipients() }] },
        small.accessToken,
      );
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await again.json()) as ErrorResponse).error).toBe('allowance_exhausted');
      expect(await listAll('', small.accessToken)).toHaveLength(2);
    });
  });
});
