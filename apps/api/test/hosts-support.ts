import { loadConfig } from '@countersign/config';
import { createAccount, createRuntime, createTemplate, localDrive } from '@countersign/core';
import {
  createTestDatabase,
  type DeploymentOptions,
  startDeployment,
  tempDir,
} from '@countersign/test-support';
import { afterAll, expect } from 'vitest';
import { checkedFetch } from '../testing/openapi-check.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { signatureField } from './fixtures/templates.ts';

/** A sent session as the send's answer describes it. */
interface SentSession {
  sessionId: string;
  documents: { documentId: string }[];
  participants: { signingUrl: string }[];
}

/**
 * The scaled topology on several hosts for a test file: a PostgreSQL database of its own, the deployment's
 * processes each with its own DATA_DIR (`hosts`), the operator's runtime on the same database as one more
 * host, and an account with an access token, with the sends the tests make through the API. Stopped and
 * dropped after the file's tests.
 */
export async function startHosts(
  options: Omit<DeploymentOptions, 'hosts'> & {
    /** Settings of every host, the operator's too, beside the database's (S3_*, where blobs live). */
    shared?: Record<string, string>;
  },
) {
  const database = await createTestDatabase();
  const shared = { ...database.env, ...options.shared };
  const d = await startDeployment({ ...options, hosts: true, env: { ...shared, ...options.env } });
  const operator = await createRuntime(
    loadConfig({ DATA_DIR: tempDir('countersign-operator-'), LOG_LEVEL: 'silent', ...shared }),
  );
  afterAll(async () => {
    await d.stop();
    await operator.close();
    await database.drop();
  });
  /** POST of a JSON body to the (first) API, as the account when `token` is given. */
  const post = (route: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
    checkedFetch(`${d.url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const account = await createAccount(operator.ctx, { name: 'Hosts Ltd', email: 'ops@hosts.test' });
  const exchanged = await post('/connect/token', { refresh_token: account.refreshToken });
  const token = ((await exchanged.json()) as { access_token: string }).access_token;
  const { accountId } = account;

  /** An own-PDF send of a new file the operator's host puts on the drive, to Ann (public); its one session. */
  async function sendDriveFile(title: string, { notify = true } = {}): Promise<SentSession> {
    const drive = await localDrive(operator.ctx, accountId);
    const { cloudFileId } = await drive.put(`${title}.pdf`, await makePdf(2, title));
    const sent = await post(
      '/api/sessions/send',
      {
        cloudFileIds: [cloudFileId],
        title,
        authRequirement: 'public',
        notify,
        signingRequests: [{ recipients: [{ name: 'Ann Host', email: 'ann@hosts.test' }] }],
      },
      token,
    );
    expect(sent.status).toBe(200);
    return ((await sent.json()) as { rows: SentSession[] }).rows[0]!;
  }

  /** Signs a session sent by sendDriveFile as Ann, from her signing link. */
  const signAsAnn = (session: SentSession) =>
    post(`/api/signing/${session.participants[0]!.signingUrl.split('/s/')[1]}/sign`, {
      values: [],
      signature: { kind: 'typed', value: 'Ann Host' },
    });

  /** Downloads the first final PDF of a session sent by sendDriveFile and checks that it is sealed. */
  async function expectSealedFinal(session: SentSession): Promise<void> {
    const final = await checkedFetch(
      `${d.url}/api/sessions/${session.sessionId}/documents/${session.documents[0]!.documentId}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(final.status).toBe(200);
    const pdf = Buffer.from(await final.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes(Buffer.from('/ByteRange'))).toBe(true); // sealed
  }

  /** A new one-document template sent (no email) to one Client per name, `<name>@hosts.test`; its sessions. */
  async function sendTemplate(name: string, clients: string[]): Promise<{ sessionId: string }[]> {
    const template = await createTemplate(operator.ctx, accountId, {
      name,
      documents: [{ filename: 'NDA.pdf', bytes: await makePdf(1, name) }],
      roles: ['Client'],
      fields: [{ ...signatureField('Client', 600), document: 'NDA.pdf' }],
    });
    const sent = await post(
      '/api/templates/send',
      {
        templateId: template.templateId,
        notify: false,
        signingRequests: clients.map((n) => ({
          recipients: [{ label: 'Client', name: `Client ${n}`, email: `${n}@hosts.test` }],
        })),
      },
      token,
    );
    expect(sent.status).toBe(200);
    return ((await sent.json()) as { instantiation: { sessions: { sessionId: string }[] } }).instantiation
      .sessions;
  }

  return {
    database,
    d,
    operator,
    accountId,
    token,
    post,
    sendDriveFile,
    signAsAnn,
    expectSealedFinal,
    sendTemplate,
  };
}
