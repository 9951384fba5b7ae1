import { createRefreshToken, ManualClock, revokeRefreshToken } from '@countersign/core';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let clock: ManualClock;
let good: { accountId: string; refreshToken: string; accessToken: string };

beforeAll(async () => {
  clock = new ManualClock();
  api = await startTestApi({ clock });
  good = await api.newAccount();
});
afterAll(() => api.close());

/** Any route under /api/* (a route that does not exist yet still sits behind the bearer check). */
const PROBE = '/api/sessions';

async function expect401(res: Response, fragment: string) {
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
  const body = (await res.json()) as { error: string; message: string };
  expect(body.error).toBe('unauthorized');
  expect(body.message).toContain(fragment);
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('bearer authentication on /api/*', () => {
  it('accepts a fresh access token (the route answers, not 401)', async () => {
    const res = await api.fetch(PROBE, { headers: { authorization: `Bearer ${good.accessToken}` } });
    expect(res.status).not.toBe(401);
  });

  it('takes the scheme name in any case (RFC 9110)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await api.fetch(PROBE, { headers: { authorization: `${scheme} ${good.accessToken}` } });
      expect(res.status, scheme).not.toBe(401);
    }
  });

  it('rejects a missing token', async () => {
    await expect401(await api.fetch(PROBE), 'missing');
  });

  it.each([
    ['a non-Bearer scheme', (t: string) => `Basic ${t}`],
    ['a lowercase scheme with no token', () => 'Bearer'],
    ['a token that is not a JWT', () => 'Bearer not-a-jwt'],
  ])('rejects %s as malformed', async (_n, make) => {
    await expect401(
      await api.fetch(PROBE, { headers: { authorization: make(good.accessToken) } }),
      'malformed',
    );
  });

  it('does not accept a token in the query string', async () => {
    await expect401(await api.fetch(`${PROBE}?access_token=${good.accessToken}`), 'missing');
  });

  it('rejects a wrongly signed token', async () => {
    const [h, p] = good.accessToken.split('.');
    const forged = `${h}.${p}.${Buffer.alloc(32, 7).toString('base64url')}`;
    await expect401(await api.fetch(PROBE, { headers: { authorization: `Bearer ${forged}` } }), 'invalid');
  });

  it('rejects alg:none', async () => {
    const { payload } = decodeJwt(good.accessToken);
    const none = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(payload)}.`;
    // "x.y." has an empty signature, which the header pattern already refuses; try a dummy one too.
    await expect401(await api.fetch(PROBE, { headers: { authorization: `Bearer ${none}` } }), '');
    await expect401(await api.fetch(PROBE, { headers: { authorization: `Bearer ${none}AAAA` } }), 'invalid');
  });

  it('rejects a token for another audience, issuer or type, even when signed with our key', async () => {
    const key = new TextEncoder().encode(api.runtime.ctx.secrets.jwtSecret);
    const now = Math.floor(clock.now() / 1000);
    const sign = (mutate: (j: SignJWT) => SignJWT, typ = 'at+jwt') =>
      mutate(new SignJWT({ rti: 'x' }).setProtectedHeader({ alg: 'HS256', typ }).setSubject(good.accountId))
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .setJti('j')
        .sign(key);
    const wrongAud = await sign((j) => j.setIssuer(api.config.publicUrl).setAudience('someone-else'));
    const wrongIss = await sign((j) => j.setIssuer('https://evil.test').setAudience('countersign-api'));
    const wrongTyp = await sign(
      (j) => j.setIssuer(api.config.publicUrl).setAudience('countersign-api'),
      'JWT',
    );
    for (const token of [wrongAud, wrongIss, wrongTyp]) {
      await expect401(await api.fetch(PROBE, { headers: { authorization: `Bearer ${token}` } }), 'invalid');
    }
  });

  it('rejects an expired token', async () => {
    const fresh = await api.newAccount();
    clock.advance((api.config.accessTokenTtlSeconds + 1) * 1000);
    try {
      await expect401(
        await api.fetch(PROBE, { headers: { authorization: `Bearer ${fresh.accessToken}` } }),
        'expired',
      );
    } finally {
      clock.set(Date.now());
    }
  });

  it('rejects a token that expired after it was accepted (a verified token is remembered only until exp)', async () => {
    const used = await api.newAccount();
    const auth = { headers: { authorization: `Bearer ${used.accessToken}` } };
    expect((await api.fetch(PROBE, auth)).status).not.toBe(401);
    clock.advance((api.config.accessTokenTtlSeconds + 1) * 1000);
    try {
      await expect401(await api.fetch(PROBE, auth), 'expired');
    } finally {
      clock.set(Date.now());
    }
  });

  it('rejects a refresh token used as a bearer token', async () => {
    await expect401(
      await api.fetch(PROBE, { headers: { authorization: `Bearer ${good.refreshToken}` } }),
      'malformed',
    );
  });

  it('stops access tokens of a revoked refresh token at once', async () => {
    const { tokenId, refreshToken } = await createRefreshToken(
      api.runtime.ctx,
      good.accountId,
      'short-lived',
    );
    const res = await api.post('/connect/token', { refresh_token: refreshToken });
    const { access_token } = (await res.json()) as { access_token: string };
    expect(
      (await api.fetch(PROBE, { headers: { authorization: `Bearer ${access_token}` } })).status,
    ).not.toBe(401);
    await revokeRefreshToken(api.runtime.ctx, good.accountId, tokenId);
    await expect401(
      await api.fetch(PROBE, { headers: { authorization: `Bearer ${access_token}` } }),
      'revoked',
    );
  });
});
