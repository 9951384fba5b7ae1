import { randomUUID } from 'node:crypto';
import { localDrive, ManualClock } from '@countersign/core';
import { auditEvents, documents, pageRenders, participants, writeOrder } from '@countersign/db';
import { startTestSmtpServer, type TestSmtpServer } from '@countersign/mail/testing';
import type { SigningErrorResponse, SigningView } from '@countersign/schemas';
import { until } from '@countersign/test-support';
import { eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { makePdf } from './fixtures/pdfs.ts';
import { startTestApi, type TestApi } from './harness.ts';

/** A real API with a real SMTP server and a clock the test moves; one account with one PDF on its drive. */
export interface SigningWorld {
  api: TestApi;
  smtp: TestSmtpServer;
  clock: ManualClock;
  accountId: string;
  cloudFileId: string;
  /** A fresh access token (the clock moves, so tokens are minted per use). */
  accessToken(): Promise<string>;
  /** POST /api/sessions/send with this account's PDF; returns the session and each signer's link token. */
  send(options: SendOptions): Promise<SentSession>;
  /** POST /api/templates/send of a template made by `createTestTemplate`; links come back (notify false). */
  sendTemplate(options: TemplateSendOptions): Promise<SentSession>;
  /** The newest one-time code emailed to `email` (waits for the email). */
  codeFor(email: string): Promise<string>;
  /** The signer API for one link, carrying its cookie once verified. */
  signer(token: string, userAgent?: string): Signer;
  /** The session's audit trail, read straight from the database. */
  auditOf(sessionId: string): Promise<AuditRow[]>;
  close(): Promise<void>;
}

export interface SendOptions {
  recipients: { name: string; email?: string; order?: number }[];
  signingType?: 'parallel' | 'sequential';
  authRequirement?: 'public' | 'otp';
  notify?: boolean;
  expiresInDays?: number;
  title?: string;
  /** The send's `locale` extension. */
  locale?: string;
}

export interface TemplateSendOptions {
  templateId: string;
  recipients: { label: string; name: string; email?: string }[];
  fields?: { label: string; value: string; recipient?: string }[];
  signingType?: 'parallel' | 'sequential';
  authRequirement?: 'public' | 'otp';
}

export interface SentSession {
  sessionId: string;
  tokens: string[];
  emails: string[];
  participantIds: string[];
  documentIds: string[];
}

export interface Signer {
  token: string;
  cookie: string | null;
  /** The raw Set-Cookie header of the last verification. */
  setCookie: string | null;
  request(method: string, path?: string, body?: unknown): Promise<Response>;
  view(): Promise<SigningView>;
  requestCode(): Promise<Response>;
  verify(code: string): Promise<Response>;
  /** Requests a code, reads it from the mailbox and verifies it. */
  verifyByEmail(email: string): Promise<void>;
  sign(body: unknown): Promise<Response>;
  decline(body?: unknown): Promise<Response>;
}

export async function startSigningWorld(
  options: { env?: Record<string, string> } = {},
): Promise<SigningWorld> {
  const smtp = await startTestSmtpServer();
  const clock = new ManualClock();
  const api = await startTestApi({ clock, env: { SMTP_URL: smtp.url, ...options.env } });
  const { accountId, refreshToken } = await api.newAccount();
  const pdf = await makePdf(2, `signing-${randomUUID()}`);
  const { cloudFileId } = await (await localDrive(api.runtime.ctx, accountId)).put('Offer letter.pdf', pdf);

  const accessToken = async () => {
    const res = await api.post('/connect/token', { refresh_token: refreshToken });
    return ((await res.json()) as { access_token: string }).access_token;
  };

  /**
   * With PAGE_IMAGES on, a send returns once its documents' pages are drawn (a job after the answer), so a test
   * opens the page on images, not on pdf.js by chance. The world's PDF is drawn once per signer count.
   */
  const pagesDrawn = async (sessionId: string) => {
    if (!api.runtime.ctx.config.pageImages) return;
    const docs = await api.runtime.ctx.db
      .select({ sha: documents.preparedSha256 })
      .from(documents)
      .where(eq(documents.sessionId, sessionId));
    await until(
      'the pages are drawn',
      async () => {
        const rows = await api.runtime.ctx.db
          .select({ status: pageRenders.status })
          .from(pageRenders)
          .where(
            inArray(
              pageRenders.documentSha256,
              docs.map((d) => d.sha),
            ),
          );
        return rows.length === docs.length && rows.every((r) => r.status !== 'pending');
      },
      60_000,
    );
  };

  const world: SigningWorld = {
    api,
    smtp,
    clock,
    accountId,
    cloudFileId,
    accessToken,
    async send(options) {
      const recipients = options.recipients.map((r) => ({
        name: r.name,
        email: r.email ?? uniqueEmail(r.name),
        ...(r.order !== undefined ? { order: r.order } : {}),
      }));
      const res = await api.post(
        '/api/sessions/send',
        {
          cloudFileIds: [cloudFileId],
          title: options.title ?? 'Offer letter',
          signingRequests: [{ recipients }],
          signingType: options.signingType ?? 'parallel',
          authRequirement: options.authRequirement ?? 'otp',
          notify: options.notify ?? false,
          ...(options.expiresInDays ? { expiresInDays: options.expiresInDays } : {}),
          ...(options.locale ? { locale: options.locale } : {}),
        },
        await accessToken(),
      );
      const body = (await res.json()) as {
        rows: {
          sessionId: string;
          documents: { documentId: string }[];
          participants: { participantId: string; email: string; signingUrl: string }[];
        }[];
      };
      if (res.status !== 200) throw new Error(`send failed: ${res.status} ${JSON.stringify(body)}`);
      const row = body.rows[0]!;
      await pagesDrawn(row.sessionId);
      // Participants come back in recipient order; tokens are the last path segment of each link.
      return {
        sessionId: row.sessionId,
        tokens: row.participants.map((p) => p.signingUrl.split('/s/')[1]!),
        emails: row.participants.map((p) => p.email),
        participantIds: row.participants.map((p) => p.participantId),
        documentIds: row.documents.map((d) => d.documentId),
      };
    },
    async sendTemplate(options) {
      const recipients = options.recipients.map((r) => ({ ...r, email: r.email ?? uniqueEmail(r.name) }));
      const res = await api.post(
        '/api/templates/send',
        {
          templateId: options.templateId,
          signingRequests: [{ recipients, ...(options.fields ? { fields: options.fields } : {}) }],
          signingType: options.signingType ?? 'parallel',
          authRequirement: options.authRequirement ?? 'otp',
          notify: false,
        },
        await accessToken(),
      );
      const body = (await res.json()) as {
        instantiation: {
          sessions: { sessionId: string; documentIds: string[]; status: string; error?: string }[];
        };
        invites: { participants: { participantId: string; email: string; signingUrl: string }[] }[];
      };
      const created = body.instantiation?.sessions?.[0];
      if (res.status !== 200 || created?.status !== 'created')
        throw new Error(`template send failed: ${res.status} ${JSON.stringify(body)}`);
      const people = body.invites[0]!.participants;
      return {
        sessionId: created.sessionId,
        tokens: people.map((p) => p.signingUrl.split('/s/')[1]!),
        emails: people.map((p) => p.email),
        participantIds: people.map((p) => p.participantId),
        documentIds: created.documentIds,
      };
    },
    async codeFor(email) {
      const isCode = (m: ParsedMail) =>
        m.subject?.startsWith('Your verification code') === true &&
        addresses(m).includes(email.toLowerCase());
      // Each call takes the oldest code email not returned before: tests read every code they request.
      const message = await smtp.waitFor((m) => isCode(m) && !used.has(m), 5_000);
      used.add(message);
      const code = /\b(\d{6})\b/.exec(message.text ?? '')?.[1];
      if (!code) throw new Error(`no code in the email to ${email}`);
      return code;
    },
    signer(token, userAgent = 'signing-test/1.0') {
      const signer: Signer = {
        token,
        cookie: null,
        setCookie: null,
        async request(method, path = '', body) {
          return api.fetch(`/api/signing/${token}${path}`, {
            method,
            headers: {
              'user-agent': userAgent,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(signer.cookie ? { cookie: signer.cookie } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        },
        async view() {
          const res = await signer.request('GET');
          if (res.status !== 200) throw new Error(`view: ${res.status} ${await res.text()}`);
          return (await res.json()) as SigningView;
        },
        requestCode: () => signer.request('POST', '/code'),
        async verify(code) {
          const res = await signer.request('POST', '/code/verify', { code });
          const header = res.headers.get('set-cookie');
          if (res.status === 200 && header) {
            signer.setCookie = header;
            signer.cookie = header.split(';')[0]!;
          }
          return res;
        },
        async verifyByEmail(email) {
          const sent = await signer.requestCode();
          if (sent.status !== 200) throw new Error(`code: ${sent.status} ${await sent.text()}`);
          const res = await signer.verify(await world.codeFor(email));
          if (res.status !== 200) throw new Error(`verify: ${res.status} ${await res.text()}`);
        },
        sign: (body) => signer.request('POST', '/sign', body),
        decline: (body = {}) => signer.request('POST', '/decline', body),
      };
      return signer;
    },
    async auditOf(sessionId) {
      const db = api.runtime.ctx.db;
      const { type, participantId, at, ip, userAgent, data } = auditEvents;
      const rows = await db
        .select({ type, participantId, at, ip, userAgent, data })
        .from(auditEvents)
        .where(eq(auditEvents.sessionId, sessionId))
        .orderBy(at, writeOrder(db, auditEvents));
      return rows as AuditRow[];
    },
    async close() {
      await api.close();
      await smtp.close();
    },
  };
  const used = new Set<ParsedMail>();
  return world;
}

const uniqueEmail = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/\W+/g, '.')
    .replace(/^\.|\.$/g, '')}.${randomUUID().slice(0, 8)}@example.test`;

const addresses = (m: ParsedMail): string[] => {
  const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
};

/** Values for every fillable field of the signer (none for generated own-PDF layouts) and a typed signature. */
export function signBody(view: SigningView, name = view.participant.name) {
  const values = view.fields
    .filter((f) => f.mine && !f.readOnly)
    .map((f) => ({ fieldId: f.id, value: f.type === 'checkbox' ? 'true' : `${f.label} value` }));
  return { values, signature: { kind: 'typed', value: name } };
}

export interface AuditRow {
  type: string;
  participantId: string | null;
  at: number;
  ip: string | null;
  userAgent: string | null;
  data: Record<string, unknown> | null;
}

/** A participant's row as stored (status, timestamps, adopted signature, lockout). */
export async function participantRow(world: SigningWorld, participantId: string) {
  const [row] = await world.api.runtime.ctx.db
    .select()
    .from(participants)
    .where(eq(participants.id, participantId));
  return row!;
}

/** A real 1x1 PNG as a data URL (drawn signatures). */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A refused signing request as the tests compare it: its status with its error body. */
export const errorOf = async (res: Response) => ({
  status: res.status,
  ...((await res.json()) as SigningErrorResponse),
});

/** Whether a signature just accepted (POST .../sign) completed its session. */
export const sessionCompleted = async (res: Response): Promise<boolean> =>
  ((await res.json()) as { sessionCompleted: boolean }).sessionCompleted;
