import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors.ts';
import { webhookSecretKey } from './secret.ts';

/** Our signature header. HTTP header names are case-insensitive: node:http shows it as x-service-signature. */
export const SIGNATURE_HEADER = 'X-Service-Signature';

export interface SignWebhookInput {
  /** Event/delivery id, stable across retries (Standard Webhooks `webhook-id`). */
  id: string;
  /** Unix seconds. */
  timestamp: number;
  /** The exact bytes that will be sent, as a string. */
  body: string;
  /** One secret, or two during a rotation grace period (both signatures are sent). */
  secrets: string[];
}

/** Headers of one signed delivery; a plain object to pass to any HTTP client. */
export type WebhookHeaders = {
  'X-Service-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

// Visible ASCII only: the id goes into a header and into the signed string.
const WEBHOOK_ID = /^[\x21-\x7e]{1,256}$/;

function hmac(key: Buffer, ...parts: (string | Uint8Array)[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/**
 * Signs one delivery in both schemes:
 * - `X-Service-Signature: t=<t>,v1=<hex HMAC-SHA256(key, "<t>.<body>")>[,v1=...]`
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 *   `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<t>.<body>")>[ v1,...]`
 */
export function signWebhook(input: SignWebhookInput): WebhookHeaders {
  const { id, timestamp: t, body, secrets } = input;
  if (!Number.isSafeInteger(t) || t < 0)
    throw new TypeError('timestamp must be a non-negative integer (unix seconds)');
  if (!WEBHOOK_ID.test(id)) throw new TypeError('id must be 1-256 visible ASCII characters');
  if (secrets.length === 0) throw new TypeError('at least one secret is needed');
  const keys = secrets.map(webhookSecretKey);
  const v1 = keys.map((key) => `v1=${hmac(key, `${t}.`, body).toString('hex')}`);
  const standard = keys.map((key) => `v1,${hmac(key, `${id}.${t}.`, body).toString('base64')}`);
  return {
    'X-Service-Signature': [`t=${t}`, ...v1].join(','),
    'webhook-id': id,
    'webhook-timestamp': String(t),
    'webhook-signature': standard.join(' '),
  };
}

export interface VerifyWebhookInput {
  /** The body exactly as received, before any JSON parsing. */
  rawBody: string | Uint8Array;
  /** Value of the X-Service-Signature header; node:http's `req.headers['x-service-signature']` fits as is. */
  header: string | string[] | null | undefined;
  /** Your `whsec_` secret. */
  secret: string;
  /** Accepted clock difference, either way. Default 300 s. */
  toleranceSeconds?: number;
  /** Current unix seconds, for tests. */
  now?: number;
}

interface ParsedHeader {
  timestamp: number;
  signatures: Buffer[];
}

function malformed(why: string): WebhookVerificationError {
  return new WebhookVerificationError('malformed_header', `malformed ${SIGNATURE_HEADER} header: ${why}`);
}

function parseHeader(header: string): ParsedHeader {
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw malformed(`expected key=value, got "${item.trim().slice(0, 40)}"`);
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== null) throw malformed('more than one t');
      if (!/^\d{1,15}$/.test(value)) throw malformed('t is not unix seconds');
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) throw malformed('v1 is not 64 hex digits');
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other keys (future schemes) are ignored so that we can add them without breaking receivers.
  }
  if (timestamp === null) throw malformed('no t');
  if (signatures.length === 0) throw malformed('no v1 signature');
  return { timestamp, signatures };
}

/** Throws WebhookVerificationError unless some v1 signature in the header matches and the timestamp is fresh. */
export function verifyWebhook(input: VerifyWebhookInput): void {
  const { rawBody, header, secret, toleranceSeconds = 300 } = input;
  const key = webhookSecretKey(secret);
  const value = Array.isArray(header) && header.length <= 1 ? header[0] : header;
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    throw new WebhookVerificationError('missing_header', `missing ${SIGNATURE_HEADER} header`);
  }
  if (typeof value !== 'string') throw malformed('sent more than once');
  const { timestamp, signatures } = parseHeader(value);
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_outside_tolerance',
      `timestamp ${timestamp} is more than ${toleranceSeconds} s from now (${now})`,
    );
  }
  const expected = hmac(key, `${timestamp}.`, rawBody);
  // Every candidate is 32 bytes (checked while parsing), as timingSafeEqual requires.
  if (!signatures.some((candidate) => timingSafeEqual(candidate, expected))) {
    throw new WebhookVerificationError('signature_mismatch', 'no signature matches the body');
  }
}

/** verifyWebhook as a boolean. A malformed secret still throws WebhookSecretError: that is a configuration bug. */
export function isValidWebhook(input: VerifyWebhookInput): boolean {
  try {
    verifyWebhook(input);
    return true;
  } catch (err) {
    if (err instanceof WebhookVerificationError) return false;
    throw err;
  }
}
