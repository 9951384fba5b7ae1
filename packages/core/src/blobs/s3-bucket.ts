import type { S3Config } from '@countersign/config';
import { AwsClient } from 'aws4fetch';
import { BlobStoreUnavailableError } from './blob-store.ts';

/** An S3 endpoint that has not begun to answer by then is out of reach (a download's body may take longer). */
const ANSWER_TIMEOUT_MS = 30_000;
/** The readiness check's HEAD on the bucket: a probe answers quickly, whatever the bucket does. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * The few S3 REST calls the blob store makes, signed with SigV4 over fetch (aws4fetch). Failures that are the
 * storage's (no connection, timeout, 5xx) become BlobStoreUnavailableError; any other answer is the caller's.
 */
export class S3Bucket {
  private readonly client: AwsClient;

  constructor(readonly config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      // Two quick retries of a 5xx or 429 (aws4fetch's default, 10 with back-off, takes about a minute): an
      // outage answers 503 at once, as the database's does.
      retries: 2,
    });
  }

  /** For messages: `s3://bucket/prefix`, never the credentials. */
  get where(): string {
    return `s3://${this.config.bucket}/${this.config.prefix}`;
  }

  /** The URL of `key` (or of the bucket), in path or virtual-host style. */
  urlOf(key = '', query: Record<string, string> = {}): URL {
    const { endpoint, bucket, forcePathStyle } = this.config;
    const url = new URL(endpoint);
    const base = url.pathname.replace(/\/+$/, '');
    if (forcePathStyle) url.pathname = `${base}/${bucket}/${key}`;
    else {
      url.hostname = `${bucket}.${url.hostname}`;
      url.pathname = `${base}/${key}`;
    }
    url.search = new URLSearchParams(query).toString();
    return url;
  }

  async request(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    url: URL,
    {
      timeoutMs = ANSWER_TIMEOUT_MS,
      ...init
    }: { body?: Uint8Array; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    let res: Response;
    try {
      res = await this.client.fetch(url, { method, signal: timeout.signal, ...init });
    } catch (err) {
      throw new BlobStoreUnavailableError(`blob storage ${this.where} is out of reach (${method})`, {
        cause: err,
      });
    } finally {
      clearTimeout(timer);
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel();
      throw new BlobStoreUnavailableError(`blob storage ${this.where} answered ${method} with ${res.status}`);
    }
    return res;
  }

  /** An answer the caller did not expect, with S3's error code: a bad key, a missing bucket, a refusal. */
  async failure(res: Response, method: string, key: string): Promise<Error> {
    const xml = method === 'HEAD' ? '' : await res.text();
    const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? '';
    const hint =
      res.status === 403
        ? ': check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that they may use the bucket'
        : code === 'NoSuchBucket'
          ? ': check S3_BUCKET (the bucket must exist)'
          : '';
    return new Error(
      `blob storage ${this.where} refused ${method} ${key}: ${res.status}${code ? ` ${code}` : ''}${hint}`,
    );
  }

  /**
   * Whether any object's key starts with the prefix. ListObjects (version 1), one key: every S3-compatible
   * server has it (s3rver 3.7.1's version 2 fails on Node 20 when the listing is truncated).
   */
  async holdsAny(): Promise<boolean> {
    const url = this.urlOf('', { prefix: this.config.prefix, 'max-keys': '1' });
    const res = await this.request('GET', url);
    if (!res.ok) throw await this.failure(res, 'GET', `?prefix=${this.config.prefix}`);
    return /<Contents>/.test(await res.text());
  }

  /**
   * Whether the bucket answers a signed HEAD with 200 within PROBE_TIMEOUT_MS: out of reach, failing, or
   * refusing (keys, a missing bucket) is not ready.
   */
  async reachable(): Promise<boolean> {
    try {
      const res = await this.request('HEAD', this.urlOf(), { timeoutMs: PROBE_TIMEOUT_MS });
      return res.status === 200;
    } catch {
      return false;
    }
  }
}
