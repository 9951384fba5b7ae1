import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  isValidWebhook,
  signWebhook,
  verifyWebhook,
  WebhookSecretError,
  WebhookVerificationError,
} from '../src/index.ts';

// Key bytes 0x00..0x1f and 0x64..0x83.
const SECRET = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
const SECRET_2 = 'whsec_ZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp7fH1+f4CBgoM=';
const ID = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
const T = 1_700_000_000;
const BODY = '{"type":"session.completed","data":{"id":"ses_123"}}';

function verificationCode(fn: () => void): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.code;
    throw err;
  }
  return 'passed';
}

describe('signWebhook known-answer vector', () => {
  it('matches values computed by hand once (openssl dgst -sha256 -mac HMAC)', () => {
    expect(signWebhook({ id: ID, timestamp: T, body: BODY, secrets: [SECRET] })).toEqual({
      'X-Service-Signature':
        't=1700000000,v1=9b048741b17c20716046694a3eea4353c90b6c06e2e47c7a71eef6a830026bde',
      'webhook-id': ID,
      'webhook-timestamp': '1700000000',
      'webhook-signature': 'v1,njLNSfzjBgYJClUMpA4fyTiSNe2UJgjbFMI8/V3W79w=',
    });
  });

  it('matches an independent node:crypto computation, for both secrets during a rotation', () => {
    const headers = signWebhook({ id: ID, timestamp: T, body: BODY, secrets: [SECRET, SECRET_2] });
    const mac = (secret: string, data: string) =>
      createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(data)
        .digest();
    expect(headers['X-Service-Signature']).toBe(
      `t=${T},v1=${mac(SECRET, `${T}.${BODY}`).toString('hex')},v1=${mac(SECRET_2, `${T}.${BODY}`).toString('hex')}`,
    );
    expect(headers['webhook-signature']).toBe(
      `v1,${mac(SECRET, `${ID}.${T}.${BODY}`).toString('base64')} v1,${mac(SECRET_2, `${ID}.${T}.${BODY}`).toString('base64')}`,
    );
    expect(headers['X-Service-Signature']).toContain(
      'v1=6f879576dfcd22b5504440e8482fcb4dec3c1566a34cc1f3ebb6b3b31b0cd1dc',
    );
    expect(headers['webhook-signature']).toContain('v1,PgG2vltSMTuhkpe1IVG2J2sokgaKfQCGMMkJ1+NRsFo=');
  });

  it('refuses bad input', () => {
    expect(() => signWebhook({ id: ID, timestamp: 1.5, body: BODY, secrets: [SECRET] })).toThrow(TypeError);
    expect(() => signWebhook({ id: 'a b', timestamp: T, body: BODY, secrets: [SECRET] })).toThrow(TypeError);
    expect(() => signWebhook({ id: ID, timestamp: T, body: BODY, secrets: [] })).toThrow(TypeError);
    expect(() => signWebhook({ id: ID, timestamp: T, body: BODY, secrets: ['sk_nope'] })).toThrow(
      WebhookSecretError,
    );
    expect(() => signWebhook({ id: ID, timestamp: T, body: BODY, secrets: ['whsec_c2hvcnQ='] })).toThrow(
      WebhookSecretError,
    );
  });
});

describe('verifyWebhook', () => {
  const header = signWebhook({ id: ID, timestamp: T, body: BODY, secrets: [SECRET] })['X-Service-Signature'];

  it('accepts the exact body, as a string or as bytes', () => {
    expect(verificationCode(() => verifyWebhook({ rawBody: BODY, header, secret: SECRET, now: T }))).toBe(
      'passed',
    );
    const bytes = new TextEncoder().encode(BODY);
    expect(isValidWebhook({ rawBody: bytes, header, secret: SECRET, now: T })).toBe(true);
  });

  it('rejects a tampered body or the wrong secret', () => {
    const tampered = BODY.replace('ses_123', 'ses_124');
    expect(verificationCode(() => verifyWebhook({ rawBody: tampered, header, secret: SECRET, now: T }))).toBe(
      'signature_mismatch',
    );
    expect(verificationCode(() => verifyWebhook({ rawBody: BODY, header, secret: SECRET_2, now: T }))).toBe(
      'signature_mismatch',
    );
    expect(isValidWebhook({ rawBody: `${BODY} `, header, secret: SECRET, now: T })).toBe(false);
  });

  it('enforces the 300 s tolerance both ways', () => {
    const at = (now: number) =>
      verificationCode(() => verifyWebhook({ rawBody: BODY, header, secret: SECRET, now }));
    expect(at(T + 299)).toBe('passed');
    expect(at(T - 299)).toBe('passed');
    expect(at(T + 301)).toBe('timestamp_outside_tolerance');
    expect(at(T - 301)).toBe('timestamp_outside_tolerance');
    expect(
      verificationCode(() =>
        verifyWebhook({ rawBody: BODY, header, secret: SECRET, now: T + 1000, toleranceSeconds: 1000 }),
      ),
    ).toBe('passed');
  });

  it('uses the clock when now is not given', () => {
    const fresh = Math.floor(Date.now() / 1000);
    const live = signWebhook({ id: ID, timestamp: fresh, body: BODY, secrets: [SECRET] })[
      'X-Service-Signature'
    ];
    expect(isValidWebhook({ rawBody: BODY, header: live, secret: SECRET })).toBe(true);
    expect(isValidWebhook({ rawBody: BODY, header, secret: SECRET })).toBe(false);
  });

  it('accepts either secret during a rotation', () => {
    const both = signWebhook({ id: ID, timestamp: T, body: BODY, secrets: [SECRET, SECRET_2] })[
      'X-Service-Signature'
    ];
    expect(isValidWebhook({ rawBody: BODY, header: both, secret: SECRET, now: T })).toBe(true);
    expect(isValidWebhook({ rawBody: BODY, header: both, secret: SECRET_2, now: T })).toBe(true);
    expect(isValidWebhook({ rawBody: BODY, header: both, secret: generateWebhookSecret(), now: T })).toBe(
      false,
    );
  });

  it('reports a missing header and malformed ones', () => {
    const code = (h: string | undefined) =>
      verificationCode(() => verifyWebhook({ rawBody: BODY, header: h, secret: SECRET, now: T }));
    expect(code(undefined)).toBe('missing_header');
    expect(
      verificationCode(() =>
        verifyWebhook({ rawBody: BODY, header: [header, header], secret: SECRET, now: T }),
      ),
    ).toBe('malformed_header');
    expect(
      verificationCode(() => verifyWebhook({ rawBody: BODY, header: [header], secret: SECRET, now: T })),
    ).toBe('passed');
    expect(code('  ')).toBe('missing_header');
    const sig = header.split('v1=')[1];
    for (const bad of [
      'garbage',
      `v1=${sig}`,
      `t=${T}`,
      `t=${T},v2=${sig}`,
      `t=abc,v1=${sig}`,
      `t=-5,v1=${sig}`,
      `t=${T},t=${T},v1=${sig}`,
      `t=${T},v1=${sig?.slice(0, 62)}`,
      `t=${T},v1=${sig?.slice(0, 63)}z`,
      `t=${T},,v1=${sig}`,
    ]) {
      expect(code(bad), bad).toBe('malformed_header');
    }
    // Unknown schemes beside v1 are ignored, and spaces around items are tolerated.
    expect(code(`t=${T}, v0=abc, v1=${sig}`)).toBe('passed');
  });

  it('throws WebhookSecretError for a malformed secret instead of answering false', () => {
    expect(() => isValidWebhook({ rawBody: BODY, header, secret: 'whsec_!!!', now: T })).toThrow(
      WebhookSecretError,
    );
  });
});

describe('generateWebhookSecret', () => {
  it('is whsec_ + base64 of 32 random bytes', () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

describe('Standard Webhooks compatibility', () => {
  it('the standardwebhooks package verifies our headers, with either secret in a rotation', () => {
    const now = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ id: ID, timestamp: now, body: BODY, secrets: [SECRET, SECRET_2] });
    for (const secret of [SECRET, SECRET_2]) {
      expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    }
    expect(() => new Webhook(SECRET).verify(BODY.replace('123', '124'), headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(BODY, headers)).toThrow();
  });
});
