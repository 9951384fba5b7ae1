import { pathOf, type Query, Transport } from './http.ts';
import { items, pages } from './pages.ts';
import { RETRY_DEFAULTS, type RetryEvent, type RetryOptions } from './retry.ts';
import { AccessTokens } from './token.ts';
import type {
  Account,
  AccountUpdateRequest,
  AuditTrail,
  DriveFileList,
  Me,
  Member,
  MemberUpdateRequest,
  RefreshTokenCreated,
  RefreshTokenCreateRequest,
  RefreshTokenInfo,
  SendProgress,
  SessionDetail,
  SessionList,
  SessionListQuery,
  SessionReport,
  SessionReportQuery,
  SessionSummary,
  SessionsCancelRequest,
  SessionsCancelResponse,
  SessionsRemindResponse,
  SessionsSendRequest,
  SessionsSendResponse,
  TemplateCreated,
  TemplateDetail,
  TemplateDuplicateRequest,
  TemplateList,
  TemplateManifest,
  TemplateSendRequest,
  TemplateSendResponse,
  TemplateTagsRequest,
  TokenResponse,
  WebhookCreated,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookRedeliveryQueued,
  WebhookSecretRotated,
  WebhookTestQueued,
  WebhookUpdateRequest,
} from './types.ts';

export interface ClientOptions {
  /** Where the API is, e.g. `https://sign.example.com`. */
  baseUrl: string;
  /** The integration account's refresh token (the web app's integration page, or `pnpm cli tokens`). */
  refreshToken: string;
  /** Renew the access token this long before it expires (default 60 s; at most half its lifetime). */
  renewBeforeSeconds?: number;
  retry?: RetryOptions;
  /** Told before each retry's wait: log it, count it. */
  onRetry?: (event: RetryEvent) => void;
  /** Defaults to the global fetch (Node 20+). */
  fetch?: typeof fetch;
  /** The clock token expiry is measured with, in epoch milliseconds (default Date.now). */
  now?: () => number;
  userAgent?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface SendOptions extends CallOptions {
  /**
   * The Idempotency-Key of this send or cancel (1-255 printable ASCII characters). Default: a new UUID per
   * call. Give your own (an order id) to make the call safe to repeat across process restarts too.
   */
  idempotencyKey?: string;
}

/** A PDF to upload: its file name and bytes. */
export interface PdfFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * A client for one integration account.
 *
 * @example
 * const client = new CountersignClient({ baseUrl: 'https://sign.example.com', refreshToken });
 * const sent = await client.templates.send({ templateId, signingRequests: [{ recipients }] });
 */
export class CountersignClient {
  private readonly http: Transport;

  constructor(options: ClientOptions) {
    const now = options.now ?? Date.now;
    this.http = new Transport({
      baseUrl: options.baseUrl,
      fetch: options.fetch ?? globalThis.fetch,
      retry: { ...RETRY_DEFAULTS, ...options.retry },
      onRetry: options.onRetry,
      userAgent: options.userAgent ?? 'countersign-client/0.1 (node)',
      now,
    });
    const refreshToken = options.refreshToken;
    this.http.tokens = new AccessTokens(
      async () =>
        (
          await this.http.send<TokenResponse>({
            method: 'POST',
            path: '/connect/token',
            body: { refresh_token: refreshToken },
            auth: false,
            expect: 'json',
          })
        ).body,
      now,
      (options.renewBeforeSeconds ?? 60) * 1000,
    );
  }

  private async json<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    extra: { body?: unknown; query?: Query; form?: FormData; idempotencyKey?: string } & CallOptions = {},
  ): Promise<T> {
    return (await this.http.send<T>({ method, path, auth: true, expect: 'json', ...extra })).body;
  }

  private empty(method: 'DELETE', path: string, options: CallOptions = {}): Promise<unknown> {
    return this.http.send({ method, path, auth: true, expect: 'empty', ...options });
  }

  /**
   * A send or cancel: POST under an Idempotency-Key, the caller's or a new one that every retry of this call
   * reuses, so a retried request never acts twice.
   */
  private idempotentPost<T>(path: string, body: unknown, options: SendOptions): Promise<T> {
    const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
    return this.json('POST', path, { body, idempotencyKey, signal: options.signal });
  }

  /** `GET /api/me`: the account, and what this token may do now (`scopes`) and whether it is a test token. */
  me(options: CallOptions = {}): Promise<Me> {
    return this.json('GET', '/api/me', options);
  }

  /**
   * Refresh tokens (docs/permissions.md). With `account:admin` every token of the account, else those of this
   * token's creator. A test token may not manage tokens (403 `forbidden`).
   */
  readonly tokens = {
    /** Live tokens, newest first, with their scopes and creator; never the secrets. */
    list: async (options: CallOptions = {}): Promise<RefreshTokenInfo[]> =>
      (await this.json<{ tokens: RefreshTokenInfo[] }>('GET', '/api/tokens', options)).tokens,
    /**
     * A new refresh token, in this answer only. `scopes` default to every scope this token holds; one it
     * lacks throws `insufficient_scope`.
     *
     * @example
     * const { refreshToken } = await client.tokens.create({ label: 'reports', scopes: ['sessions:read'] });
     */
    create: (body: RefreshTokenCreateRequest = {}, options: CallOptions = {}): Promise<RefreshTokenCreated> =>
      this.json('POST', '/api/tokens', { body, ...options }),
    /** Immediate: access tokens minted from it stop working too. */
    revoke: async (tokenId: string, options: CallOptions = {}): Promise<void> => {
      await this.empty('DELETE', pathOf('/api/tokens/{tokenId}', { tokenId }), options);
    },
  };

  /**
   * `GET /api/sends/progress`: how far a send made with `idempotencyKey` has got (`state`, sessions `created`),
   * while a bulk send of thousands of entries runs; `send_not_found` (404) for a key this account never sent.
   */
  sendProgress(idempotencyKey: string, options: CallOptions = {}): Promise<SendProgress> {
    return this.json(
      'GET',
      `/api/sends/progress?idempotencyKey=${encodeURIComponent(idempotencyKey)}`,
      options,
    );
  }

  /** Reports on the account's sessions (`sessions:read`). */
  readonly reports = {
    /**
     * `GET /api/reports/sessions`: sent, completed, declined and expired per day or week, the median time to
     * completion and each step's median time to sign, slowest first.
     */
    sessions: (query: SessionReportQuery, options: CallOptions = {}): Promise<SessionReport> =>
      this.json('GET', '/api/reports/sessions', { query: { ...query }, ...options }),
  };

  /** The account's settings (`account:read`); changing them needs `account:admin` and a live token. */
  readonly account = {
    get: (options: CallOptions = {}): Promise<Account> => this.json('GET', '/api/account', options),
    /**
     * `PATCH /api/account`: name, default sender name, `outcomeEmail` (told of every session's completion or
     * decline) or retention; only the properties given change.
     */
    update: (body: AccountUpdateRequest, options: CallOptions = {}): Promise<Account> =>
      this.json('PATCH', '/api/account', { body, ...options }),
  };

  /** The account's members (`account:read`); changing a role needs `account:admin`. */
  readonly members = {
    list: async (options: CallOptions = {}): Promise<Member[]> =>
      (await this.json<{ members: Member[] }>('GET', '/api/members', options)).members,
    /**
     * `PATCH /api/members/{memberId}`: a new role; a demoted owner's tokens lose `account:admin` at once. The
     * account's last owner throws `last_owner` (409).
     */
    update: (memberId: string, body: MemberUpdateRequest, options: CallOptions = {}): Promise<Member> =>
      this.json('PATCH', pathOf('/api/members/{memberId}', { memberId }), { body, ...options }),
  };

  readonly templates = {
    /** `POST /api/templates/send`: one session per `signingRequests` entry (row failures are in the body). */
    send: (body: TemplateSendRequest, options: SendOptions = {}): Promise<TemplateSendResponse> =>
      this.idempotentPost('/api/templates/send', body, options),
    /**
     * The account's templates; `{ archived: true }` lists the archived ones instead, `{ tag }` only those with
     * that tag (case ignored).
     */
    list: (options: CallOptions & { archived?: boolean; tag?: string } = {}): Promise<TemplateList> => {
      const { archived, tag, ...call } = options;
      return this.json('GET', '/api/templates', {
        query: { archived: archived ? 'true' : undefined, tag },
        ...call,
      });
    },
    get: (templateId: string, options: CallOptions = {}): Promise<TemplateDetail> =>
      this.json('GET', pathOf('/api/templates/{templateId}', { templateId }), options),
    /** `POST /api/templates` (multipart): the manifest and one part per PDF, named as the manifest lists them. */
    create: (
      manifest: TemplateManifest,
      documents: PdfFile[],
      options: CallOptions = {},
    ): Promise<TemplateCreated> =>
      this.json('POST', '/api/templates', { form: pdfForm('documents', documents, manifest), ...options }),
    /** `POST /api/templates/{templateId}/archive` (out of the default list) or `.../restore`. */
    archive: (templateId: string, options: CallOptions = {}): Promise<TemplateDetail> =>
      this.json('POST', pathOf('/api/templates/{templateId}/archive', { templateId }), options),
    restore: (templateId: string, options: CallOptions = {}): Promise<TemplateDetail> =>
      this.json('POST', pathOf('/api/templates/{templateId}/restore', { templateId }), options),
    /**
     * `PUT /api/templates/{templateId}/tags`: replaces the template's tags (`[]` clears them); "HR" and "hr"
     * are one tag, the first kept as typed. No new version is made.
     */
    setTags: (
      templateId: string,
      tags: TemplateTagsRequest['tags'],
      options: CallOptions = {},
    ): Promise<TemplateDetail> =>
      this.json('PUT', pathOf('/api/templates/{templateId}/tags', { templateId }), {
        body: { tags } satisfies TemplateTagsRequest,
        ...options,
      }),
    /** `POST /api/templates/{templateId}/duplicate`: a copy of its current version, named `name` or "... (copy)". */
    duplicate: (
      templateId: string,
      body: TemplateDuplicateRequest = {},
      options: CallOptions = {},
    ): Promise<TemplateDetail> =>
      this.json('POST', pathOf('/api/templates/{templateId}/duplicate', { templateId }), {
        body,
        ...options,
      }),
  };

  readonly sessions = {
    /**
     * `POST /api/sessions/send`: sessions from the account drive's PDFs. A 207 (some rows failed) resolves too:
     * check `rows[].status` and send the failed entries again. 422 (documents rejected, every row failed) throws.
     */
    send: (body: SessionsSendRequest, options: SendOptions = {}): Promise<SessionsSendResponse> =>
      this.idempotentPost('/api/sessions/send', body, options),
    /** `POST /api/sessions/cancel`; a completed session throws `session_completed`. */
    cancel: (body: SessionsCancelRequest, options: SendOptions = {}): Promise<SessionsCancelResponse> =>
      this.idempotentPost('/api/sessions/cancel', body, options),
    get: (sessionId: string, options: CallOptions = {}): Promise<SessionDetail> =>
      this.json('GET', pathOf('/api/sessions/{sessionId}', { sessionId }), options),
    /** `POST /api/sessions/remind`: everyone each session waits for gets their invite again; a result each. */
    remind: (sessionIds: string[], options: CallOptions = {}): Promise<SessionsRemindResponse> =>
      this.json('POST', '/api/sessions/remind', { body: { sessionIds }, ...options }),
    /** Every page of `GET /api/sessions` (newest first), fetched as you iterate. */
    pages: (query: SessionListQuery = {}, options: CallOptions = {}): AsyncGenerator<SessionList> =>
      pages((cursor) =>
        this.json<SessionList>('GET', '/api/sessions', { query: { ...query, cursor }, ...options }),
      ),
    /** Every session matching `query`, across pages: `for await (const session of client.sessions.list())`. */
    list: (query: SessionListQuery = {}, options: CallOptions = {}): AsyncGenerator<SessionSummary> =>
      items(this.sessions.pages(query, options), (page) => page.sessions),
    audit: (sessionId: string, options: CallOptions = {}): Promise<AuditTrail> =>
      this.json('GET', pathOf('/api/sessions/{sessionId}/audit', { sessionId }), options),
    /** The PDF's bytes: the prepared document while signing, the sealed one once the session is completed. */
    document: async (sessionId: string, documentId: string, options: CallOptions = {}): Promise<Uint8Array> =>
      (
        await this.http.send<Uint8Array>({
          method: 'GET',
          path: pathOf('/api/sessions/{sessionId}/documents/{documentId}', { sessionId, documentId }),
          auth: true,
          expect: 'bytes',
          ...options,
        })
      ).body,
  };

  readonly drive = {
    /** Uploads PDFs to the account drive; their `cloudFileId`s go into `sessions.send`. */
    upload: (files: PdfFile[], options: CallOptions = {}): Promise<DriveFileList> =>
      this.json('POST', '/api/drive/files', { form: pdfForm('files', files), ...options }),
    list: (options: CallOptions = {}): Promise<DriveFileList> =>
      this.json('GET', '/api/drive/files', options),
    delete: async (cloudFileId: string, options: CallOptions = {}): Promise<void> => {
      await this.empty('DELETE', pathOf('/api/drive/files/{cloudFileId}', { cloudFileId }), options);
    },
    /** A drive file's PDF, as uploaded. */
    content: async (cloudFileId: string, options: CallOptions = {}): Promise<Uint8Array> =>
      (
        await this.http.send<Uint8Array>({
          method: 'GET',
          path: pathOf('/api/drive/files/{cloudFileId}/content', { cloudFileId }),
          auth: true,
          expect: 'bytes',
          ...options,
        })
      ).body,
  };

  readonly webhooks = {
    /** Registers an endpoint; the answer's `secret` is shown only here: store it for `verifyWebhookEvent`. */
    create: (body: WebhookCreateRequest, options: CallOptions = {}): Promise<WebhookCreated> =>
      this.json('POST', '/api/webhooks', { body, ...options }),
    list: async (options: CallOptions = {}): Promise<WebhookEndpoint[]> =>
      (await this.json<{ webhooks: WebhookEndpoint[] }>('GET', '/api/webhooks', options)).webhooks,
    get: (webhookId: string, options: CallOptions = {}): Promise<WebhookEndpoint> =>
      this.json('GET', pathOf('/api/webhooks/{webhookId}', { webhookId }), options),
    /** Changes the URL or the event types of an endpoint. */
    update: (
      webhookId: string,
      body: WebhookUpdateRequest,
      options: CallOptions = {},
    ): Promise<WebhookEndpoint> =>
      this.json('PATCH', pathOf('/api/webhooks/{webhookId}', { webhookId }), { body, ...options }),
    delete: async (webhookId: string, options: CallOptions = {}): Promise<void> => {
      await this.empty('DELETE', pathOf('/api/webhooks/{webhookId}', { webhookId }), options);
    },
    /** Queues a `webhook.test` event to the endpoint, to check your receiver. */
    test: (webhookId: string, options: CallOptions = {}): Promise<WebhookTestQueued> =>
      this.json('POST', pathOf('/api/webhooks/{webhookId}/test', { webhookId }), options),
    rotateSecret: (webhookId: string, options: CallOptions = {}): Promise<WebhookSecretRotated> =>
      this.json('POST', pathOf('/api/webhooks/{webhookId}/rotate-secret', { webhookId }), options),
    enable: (webhookId: string, options: CallOptions = {}): Promise<WebhookEndpoint> =>
      this.json('POST', pathOf('/api/webhooks/{webhookId}/enable', { webhookId }), options),
    /** Every delivery attempt of an endpoint, newest first, across pages. */
    deliveries: (
      webhookId: string,
      options: CallOptions & { limit?: number } = {},
    ): AsyncGenerator<WebhookDelivery> =>
      items(
        pages((cursor) =>
          this.json<{ deliveries: WebhookDelivery[]; nextCursor: string | null }>(
            'GET',
            pathOf('/api/webhooks/{webhookId}/deliveries', { webhookId }),
            { query: { limit: options.limit, cursor }, signal: options.signal },
          ),
        ),
        (page) => page.deliveries,
      ),
    redeliver: (
      webhookId: string,
      deliveryId: string,
      options: CallOptions = {},
    ): Promise<WebhookRedeliveryQueued> =>
      this.json(
        'POST',
        pathOf('/api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', { webhookId, deliveryId }),
        options,
      ),
  };
}

/** A multipart form of PDFs under `field`, with the template manifest first when given. */
function pdfForm(field: string, files: PdfFile[], manifest?: TemplateManifest): FormData {
  const form = new FormData();
  if (manifest) form.append('manifest', JSON.stringify(manifest));
  for (const file of files) {
    form.append(
      field,
      new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      file.filename,
    );
  }
  return form;
}
