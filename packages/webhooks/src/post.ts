import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { UnsafeWebhookTargetError } from './errors.ts';
import { assertPublicAddress, checkTargetShape, publicOnlyLookup } from './target-guard.ts';

export interface PostWebhookInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Whole exchange: connect, send, response headers and the (capped) body. Default 10 s. */
  timeoutMs?: number;
  /** Allow loopback/private targets: development and tests only. */
  allowPrivate: boolean;
  /** Bytes of the response body read at most. Default 4096. */
  maxResponseBytes?: number;
}

export type PostWebhookErrorCode = 'unsafe_target' | 'timeout' | 'request_failed';

export interface PostWebhookResult {
  /** HTTP status, null when no response arrived. A 3xx is returned as is: redirects are never followed. */
  status: number | null;
  durationMs: number;
  /** Why the delivery failed, when it did not get a response (or its body timed out). */
  error?: string;
  errorCode?: PostWebhookErrorCode;
  /** First bytes of the response body, decoded as UTF-8. */
  responseSnippet?: string;
}

class DeliveryTimeout extends Error {}

/**
 * POSTs one webhook with node:http(s). Never throws for delivery problems: the result says
 * what happened, for the delivery log. Non-public targets are refused unless allowPrivate,
 * both before connecting (IP literals) and at connect time (a lookup that checks the very
 * address the socket connects to).
 */
export function postWebhook(input: PostWebhookInput): Promise<PostWebhookResult> {
  const { url, headers, body, timeoutMs = 10_000, allowPrivate, maxResponseBytes = 4096 } = input;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);

  let parsed: URL;
  try {
    const shape = checkTargetShape(url);
    parsed = shape.parsed;
    if (!allowPrivate && isIP(shape.host)) assertPublicAddress(shape.host, shape.host);
  } catch (err) {
    return Promise.resolve({ status: null, durationMs: elapsed(), ...describe(err) });
  }

  return new Promise((resolve) => {
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;

    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const snippet = Buffer.concat(chunks).subarray(0, maxResponseBytes).toString('utf8');
      resolve({
        status,
        durationMs: elapsed(),
        ...(err === undefined ? {} : describe(err)),
        ...(snippet === '' ? {} : { responseSnippet: snippet }),
      });
      req.destroy();
    };

    const outgoing: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Countersign-Webhooks/1',
    };
    for (const [name, value] of Object.entries(headers)) outgoing[name.toLowerCase()] = value;
    outgoing['content-length'] = String(Buffer.byteLength(body));

    const options: RequestOptions = {
      method: 'POST',
      headers: outgoing,
      // A fresh connection per delivery, so the connect-time check always runs.
      agent: false,
      ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
    };
    const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
    let req: ReturnType<typeof httpRequest>;
    try {
      req = send(parsed, options);
    } catch (err) {
      // Invalid header names or values are thrown synchronously.
      resolve({ status: null, durationMs: elapsed(), ...describe(err) });
      return;
    }

    const timer = setTimeout(
      () => finish(new DeliveryTimeout(`no complete response within ${timeoutMs} ms`)),
      timeoutMs,
    );

    req.on('error', finish);
    req.on('response', (res: IncomingMessage) => {
      status = res.statusCode ?? null;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        // Enough to show in the delivery log; the rest is not worth waiting for.
        if (received >= maxResponseBytes) finish();
      });
      res.on('end', () => finish());
      res.on('error', finish);
      res.on('close', () => finish(res.complete ? undefined : new Error('connection closed mid-response')));
    });
    req.end(body);
  });
}

function describe(err: unknown): { error: string; errorCode: PostWebhookErrorCode } {
  if (err instanceof UnsafeWebhookTargetError) return { error: err.message, errorCode: 'unsafe_target' };
  if (err instanceof DeliveryTimeout) return { error: err.message, errorCode: 'timeout' };
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return {
    error: code && !message.includes(code) ? `${code}: ${message}` : message,
    errorCode: 'request_failed',
  };
}
