import { type ApiErrorBody, CountersignApiError, CountersignResponseError } from './errors.ts';
import { backoffDelay, parseRetryAfter, type RetryEvent, type RetryOptions, sleep } from './retry.ts';
import type { AccessTokens } from './token.ts';

export type Query = Record<string, string | number | boolean | undefined>;

/** One API call as the client methods describe it. */
export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with its parameters already encoded. */
  path: string;
  query?: Query;
  /** A JSON body, or a multipart form (sent as is on every attempt). */
  body?: unknown;
  form?: FormData;
  /** Sent on every attempt of this call, so the server's idempotency store recognises the retries. */
  idempotencyKey?: string;
  /** Whether to send the bearer access token (every route but the token exchange). */
  auth: boolean;
  /** What a success carries. */
  expect: 'json' | 'bytes' | 'empty';
  signal?: AbortSignal;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TransportOptions {
  baseUrl: string;
  fetch: typeof fetch;
  retry: Required<RetryOptions>;
  onRetry?: (event: RetryEvent) => void;
  userAgent: string;
  now: () => number;
}

const percent = encodeURIComponent;

/** `/api/sessions/{sessionId}` with its parameters filled in, each percent-encoded. */
export const pathOf = (template: string, params: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`${name} is required`);
    return percent(value);
  });

/**
 * Sends calls: the bearer token, the Idempotency-Key, retries of 429/503 (and of 409 `idempotency_in_progress`)
 * after Retry-After or an exponential back-off, one renewal on 401, and errors turned into typed exceptions.
 */
export class Transport {
  tokens: AccessTokens | null = null;

  constructor(private readonly options: TransportOptions) {}

  async send<T>(call: Call): Promise<Answer<T>> {
    const { retry } = this.options;
    let renewedAfter401 = false;
    for (let attempt = 0; ; attempt++) {
      const token = call.auth ? await this.requireTokens().get() : null;
      const res = await this.options.fetch(this.url(call), {
        method: call.method,
        headers: this.headers(call, token),
        body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
        signal: call.signal,
      });
      if (res.ok)
        return { status: res.status, body: (await this.readSuccess(res, call)) as T, headers: res.headers };

      const error = await this.readError(res);
      if (token && res.status === 401 && !renewedAfter401) {
        renewedAfter401 = true;
        this.requireTokens().invalidate(token);
        attempt--; // a renewal is not a retry
        continue;
      }
      if (!(error instanceof CountersignApiError) || !retryable(error) || attempt >= retry.maxRetries)
        throw error;
      const delayMs =
        error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : backoffDelay(attempt + 1, retry);
      // A wait longer than the caller accepts (an allowance that renews tomorrow) is the caller's decision.
      if (delayMs > retry.maxDelayMs) throw error;
      this.options.onRetry?.({
        method: call.method,
        path: call.path,
        attempt: attempt + 1,
        status: error.status,
        delayMs,
        retryAfterSeconds: error.retryAfterSeconds,
      });
      await sleep(delayMs, call.signal);
    }
  }

  private requireTokens(): AccessTokens {
    if (!this.tokens) throw new Error('no access tokens configured');
    return this.tokens;
  }

  private url(call: Call): string {
    const url = new URL(call.path, this.options.baseUrl);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private headers(call: Call, token: string | null): Record<string, string> {
    return {
      'user-agent': this.options.userAgent,
      accept: call.expect === 'bytes' ? 'application/pdf, application/json' : 'application/json',
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(call.idempotencyKey ? { 'idempotency-key': call.idempotencyKey } : {}),
    };
  }

  private async readSuccess(res: Response, call: Call): Promise<unknown> {
    if (call.expect === 'bytes') return new Uint8Array(await res.arrayBuffer());
    if (call.expect === 'empty') {
      await res.body?.cancel();
      return undefined;
    }
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new CountersignResponseError(
        res.status,
        `expected JSON, got: ${text.slice(0, 200)}`,
        requestIdOf(res),
      );
    }
  }

  private async readError(res: Response): Promise<CountersignApiError | CountersignResponseError> {
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (isErrorBody(body)) {
      const retryAfter = parseRetryAfter(res.headers.get('retry-after'), this.options.now());
      return new CountersignApiError(res.status, body, requestIdOf(res), retryAfter);
    }
    return new CountersignResponseError(
      res.status,
      `HTTP ${res.status} without an error body: ${text.slice(0, 200)}`,
      requestIdOf(res),
    );
  }
}

const requestIdOf = (res: Response) => res.headers.get('x-request-id');

const isErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';

/** Answers that say "not now" rather than "no": nothing was done, and the same call may succeed later. */
const retryable = (error: CountersignApiError): boolean =>
  error.status === 429 || error.status === 503 || error.code === 'idempotency_in_progress';
