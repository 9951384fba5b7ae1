import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import {
  type ErrorResponse,
  type TemplateCreated,
  type TemplateDetail,
  type TemplateList,
  TemplateSendRequestSchema,
  type TemplateSendResponse,
} from '@countersign/schemas';
import { runCli } from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { TEMPLATE_SEND_DEFAULTS } from './send-support.ts';

let smtp: TestSmtpServer;
let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let other: Awaited<ReturnType<TestApi['newAccount']>>;
let older: TemplateCreated;
let newer: TemplateCreated;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startTestApi({ env: { SMTP_URL: smtp.url } });
  account = await api.newAccount();
  other = await api.newAccount('Someone else');
  const box = { x: 72, width: 150, height: 20 };
  older = await createTestTemplate(api, account.accountId, { name: 'Older', roles: ['Signer'], pages: 1 });
  await new Promise((r) => setTimeout(r, 5)); // distinct createdAt, so "newest first" is observable
  newer = await createTestTemplate(api, account.accountId, {
    name: 'Services agreement',
    roles: ['Client', 'Provider'],
    documents: [
      { filename: 'agreement.pdf', pages: 2 },
      { filename: 'schedule.pdf', pages: 1 },
    ],
    fields: [
      { label: 'Fee', type: 'text', page: 1, y: 100, ...box },
      { label: 'Start date', type: 'date', page: 1, y: 130, ...box },
      { label: 'Renewal', type: 'checkbox', page: 1, x: 72, y: 160, width: 12, height: 12 },
      { label: 'Account manager', type: 'name', page: 1, y: 190, ...box },
      { label: 'Client title', type: 'text', page: 1, y: 220, role: 'Client', ...box },
      { label: 'Client signature', type: 'signature', page: 2, y: 600, role: 'client', ...box, height: 36 },
      { label: 'Provider initials', type: 'initials', page: 2, y: 650, role: 'Provider', ...box, height: 30 },
      { label: 'Fee', type: 'text', document: 'schedule.pdf', page: 1, y: 100, ...box },
      // Every role signs somewhere: a template is sent only then.
      {
        label: 'Provider signature',
        type: 'signature',
        document: 'schedule.pdf',
        page: 1,
        y: 200,
        role: 'Provider',
        ...box,
      },
    ],
  });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const get = (path: string, token = account.accessToken) =>
  api.fetch(path, { headers: { authorization: `Bearer ${token}` } });

describe('GET /api/templates', () => {
  it("lists the account's templates, newest first", async () => {
    const res = await get('/api/templates');
    expect(res.status).toBe(200);
    const { templates } = (await res.json()) as TemplateList;
    expect(templates.map((t) => t.templateId)).toEqual([newer.templateId, older.templateId]);
    expect(templates[0]).toEqual({
      templateId: newer.templateId,
      name: 'Services agreement',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      archivedAt: null,
      tags: [],
      roles: ['Client', 'Provider'],
      documents: [
        { filename: 'agreement.pdf', pageCount: 2 },
        { filename: 'schedule.pdf', pageCount: 1 },
      ],
      fieldCount: 9,
    });
  });

  it("shows nothing of another account's templates", async () => {
    const res = await get('/api/templates', other.accessToken);
    expect(((await res.json()) as TemplateList).templates).toEqual([]);
  });
});

describe('GET /api/templates/{templateId}', () => {
  let detail: TemplateDetail;
  beforeAll(async () => {
    const res = await get(`/api/templates/${newer.templateId}`);
    expect(res.status).toBe(200);
    detail = (await res.json()) as TemplateDetail;
  });

  it('returns roles, documents with page sizes, and fields in template order with send labels', () => {
    expect(detail.roles).toEqual(['Client', 'Provider']);
    expect(detail.documents).toEqual([
      {
        filename: 'agreement.pdf',
        pageCount: 2,
        pageSizes: [
          { width: 612, height: 792 },
          { width: 612, height: 792 },
        ],
      },
      { filename: 'schedule.pdf', pageCount: 1, pageSizes: [{ width: 612, height: 792 }] },
    ]);
    expect(detail.fields.map((f) => [f.sendLabel, f.type, f.role, f.required, f.document, f.page])).toEqual([
      ['Fee', 'text', null, false, 'agreement.pdf', 1],
      ['Start date', 'date', null, false, 'agreement.pdf', 1],
      ['Renewal', 'checkbox', null, false, 'agreement.pdf', 1],
      ['Account manager', 'name', null, false, 'agreement.pdf', 1],
      ['Client title', 'text', 'Client', true, 'agreement.pdf', 1],
      ['Client signature', 'signature', 'Client', true, 'agreement.pdf', 2],
      ['Provider initials', 'initials', 'Provider', true, 'agreement.pdf', 2],
      ['Fee 2', 'text', null, false, 'schedule.pdf', 1],
      ['Provider signature', 'signature', 'Provider', true, 'schedule.pdf', 1],
    ]);
    expect(detail.fields[0]).toMatchObject({ label: 'Fee', x: 72, y: 100, width: 150, height: 20 });
    expect(detail.fields[7]).toMatchObject({ label: 'Fee', sendLabel: 'Fee 2' });
  });

  it('gives a complete example send body that TemplateSendRequestSchema accepts as it is', () => {
    const parsed = TemplateSendRequestSchema.safeParse(detail.examplePayload);
    expect(parsed.success).toBe(true);
    // Defaults spelled out: parsing adds nothing.
    expect(parsed.data).toEqual(detail.examplePayload);
    const today = new Date().toISOString().slice(0, 10);
    expect(detail.examplePayload).toEqual({
      templateId: newer.templateId,
      signingRequests: [
        {
          recipients: [
            { label: 'Client', name: 'Client name', email: 'client@example.com' },
            { label: 'Provider', name: 'Provider name', email: 'provider@example.com' },
          ],
          fields: [
            { label: 'Fee', value: 'Example text' },
            { label: 'Start date', value: today },
            { label: 'Renewal', value: 'true' },
            { label: 'Account manager', value: 'Alex Example' },
            { label: 'Fee 2', value: 'Example text' },
          ],
        },
      ],
      ...TEMPLATE_SEND_DEFAULTS,
    });
  });

  it('answers 404 template_not_found for an unknown id and for another account', async () => {
    for (const [id, token] of [
      ['no-such-template', account.accessToken],
      [newer.templateId, other.accessToken],
    ] as const) {
      const res = await get(`/api/templates/${id}`, token);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorResponse).error).toBe('template_not_found');
    }
  });

  it('needs a bearer token', async () => {
    expect((await api.fetch(`/api/templates/${newer.templateId}`)).status).toBe(401);
    expect((await api.fetch('/api/templates')).status).toBe(401);
  });

  it('sends: POST /api/templates/send with the example payload creates one session and emails every role', async () => {
    const res = await api.post('/api/templates/send', detail.examplePayload, account.accessToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as TemplateSendResponse;
    expect(body.instantiation.bulkSendBatchId).toBeUndefined();
    expect(body.instantiation.sessions).toEqual([
      {
        rowIndex: 0,
        status: 'created',
        sessionId: expect.any(String),
        documentIds: [expect.any(String), expect.any(String)],
      },
    ]);
    expect(body.invites).toHaveLength(1);
    expect(body.invites[0]!.inviteStatus).toBe('sent');
    expect(body.invites[0]!.participants.map((p) => [p.email, p.status])).toEqual([
      ['client@example.com', 'sent'],
      ['provider@example.com', 'sent'],
    ]);
    await smtp.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes('provider@example.com'));

    // The same body with notify false: no mail, signing links returned instead.
    const quiet = await api.post(
      '/api/templates/send',
      { ...detail.examplePayload, notify: false },
      account.accessToken,
    );
    expect(quiet.status).toBe(200);
    const quietBody = (await quiet.json()) as TemplateSendResponse;
    expect(quietBody.instantiation.sessions[0]!.status).toBe('created');
    expect(quietBody.invites[0]!.participants.every((p) => p.status === 'skipped' && p.signingUrl)).toBe(
      true,
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes the three template routes with their schemas', async () => {
    const doc = (await (await api.fetch('/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }
        >
      >;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.paths['/api/templates']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/templates/{templateId}']!)).toEqual(['get', 'put', 'delete']);
    expect(Object.keys(doc.paths['/api/templates']!.post!.requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
    expect(Object.keys(doc.paths['/api/templates']!.post!.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '413',
      '422',
      '500',
      '503',
    ]);
    for (const name of [
      'TemplateUpload',
      'TemplateManifest',
      'TemplateCreated',
      'TemplateList',
      'TemplateDetail',
      'TemplateFieldView',
    ]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
  });
});

describe('pnpm cli templates list / show', () => {
  it('print what the API answers', async () => {
    const env = { ...api.dataEnv, LOG_LEVEL: 'silent' };
    const [list, show, missing] = await Promise.all([
      runCli(['templates', 'list', '--account', account.accountId], env),
      runCli(['templates', 'show', '--account', account.accountId, '--template-id', newer.templateId], env),
      runCli(['templates', 'show', '--account', other.accountId, '--template-id', newer.templateId], env),
    ]);
    expect(list.code).toBe(0);
    expect(list.json).toEqual(await (await get('/api/templates')).json());
    expect(show.code).toBe(0);
    // The example date is "today" for both; everything else is the same record.
    expect(show.json).toEqual(await (await get(`/api/templates/${newer.templateId}`)).json());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`template ${newer.templateId} not found`);
  }, 120_000); // three CLI processes started from cold
});
