import { TOKEN_FAILURES_PER_MINUTE } from '@countersign/core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { decodeJwt, startTestApi, type TestApi } from './harness.ts';

const api = await startTestApi();
afterAll(() => api.close());

describe('POST /connect/token', () => {
  it('exchanges a refresh token for a JWT access token with the expected claims', async () => {
    const { accountId, refreshToken } = await api.newAccount();
    const res = await api.post('/connect/token', { refresh_token: refreshToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(api.config.accessTokenTtlSeconds);
    const { header, payload } = decodeJwt(body.access_token as string);
    expect(header).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload.sub).toBe(accountId);
    expect(payload.iss).toBe(api.config.publicUrl);
    expect(payload.aud).toBe('countersign-api');
    expect(typeof payload.jti).toBe('string');
    expect((payload.exp as number) - (payload.iat as number)).toBe(api.config.accessTokenTtlSeconds);
  });

  it.each([
    ['grant_type', { refresh_token: 'x', grant_type: 'refresh_token' }, 'grant_type: unknown property'],
    ['client_id', { refresh_token: 'x', client_id: 'abc' }, 'client_id: unknown property'],
    ['missing token', {}, 'refresh_token'],
    ['empty token', { refresh_token: '' }, 'refresh_token'],
    ['non-string token', { refresh_token: 42 }, 'refresh_token'],
  ])('rejects %s with 400 invalid_request naming the problem', async (_name, body, fragment) => {
    const res = await api.post('/connect/token', body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; message: string };
    expect(json.error).toBe('invalid_request');
    expect(json.message).toContain(fragment);
  });

  it.each([
    ['malformed JSON', '{"refresh_token":', 'application/json'],
    ['form-encoded body', 'refresh_token=x', 'application/x-www-form-urlencoded'],
    ['text body', 'hello', 'text/plain'],
    ['JSON array', '[]', 'application/json'],
  ])('rejects a %s with 400 in the error body shape', async (_name, body, type) => {
    const res = await api.fetch('/connect/token', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json.error).toBe('invalid_request');
    expect(typeof json.message).toBe('string');
  });

  it('answers invalid_grant for unknown and revoked refresh tokens alike', async () => {
    const unknown = await api.post('/connect/token', { refresh_token: 'csrt_not-a-real-token' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: 'invalid_grant',
      message: 'the refresh token is unknown or revoked',
    });

    const { accountId } = await api.newAccount();
    const { createRefreshToken, revokeRefreshToken } = await import('@countersign/core');
    const { tokenId, refreshToken } = await createRefreshToken(api.runtime.ctx, accountId, 'to revoke');
    expect((await api.post('/connect/token', { refresh_token: refreshToken })).status).toBe(200);
    await revokeRefreshToken(api.runtime.ctx, accountId, tokenId);
    const revoked = await api.post('/connect/token', { refresh_token: refreshToken });
    expect(revoked.status).toBe(400);
    expect(((await revoked.json()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('brute-force throttle', () => {
  /** An API of the test's own (the throttle counts per process) and an account's refresh token; closed after. */
  async function ownApi(env: Record<string, string> = {}) {
    const own = await startTestApi({ env });
    onTestFinished(() => own.close());
    return { own, refreshToken: (await own.newAccount()).refreshToken };
  }
  /** A token exchange through the trusted proxy, which sent `forwardedFor` as X-Forwarded-For. */
  const exchangeVia = (own: TestApi, refreshToken: string, forwardedFor: string) =>
    own.post('/connect/token', { refresh_token: refreshToken }, undefined, {
      'x-forwarded-for': forwardedFor,
    });

  it(`allows ${TOKEN_FAILURES_PER_MINUTE} failures a minute from one address, then answers 429 with Retry-After`, async () => {
    const { own, refreshToken } = await ownApi();
    for (let i = 0; i < TOKEN_FAILURES_PER_MINUTE; i++) {
      const res = await own.post('/connect/token', { refresh_token: `csrt_guess_${i}` });
      expect(res.status).toBe(400); // never throttled before the limit
    }
    // A valid exchange does not count as a failure and is not blocked before the limit is passed.
    const blocked = await own.post('/connect/token', { refresh_token: refreshToken });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await blocked.json()) as { error: string }).error).toBe('rate_limited');
  });

  it('behind one trusted proxy, takes the address the proxy appended: a forged left-most entry changes nothing', async () => {
    const { own, refreshToken } = await ownApi({ TRUST_PROXY: '1' });
    for (let i = 0; i <= TOKEN_FAILURES_PER_MINUTE; i++)
      await exchangeVia(own, 'csrt_guess', `10.9.${i}.1, 203.0.113.7`);
    expect((await exchangeVia(own, refreshToken, '192.0.2.99, 203.0.113.7')).status).toBe(429);
  });

  it('counts failures per address: another address is not throttled', async () => {
    const { own, refreshToken } = await ownApi({ TRUST_PROXY: '1' });
    for (let i = 0; i <= TOKEN_FAILURES_PER_MINUTE; i++) await exchangeVia(own, 'csrt_guess', '203.0.113.7');
    expect((await exchangeVia(own, refreshToken, '203.0.113.7')).status).toBe(429);
    expect((await exchangeVia(own, refreshToken, '198.51.100.2')).status).toBe(200);
  });
});
