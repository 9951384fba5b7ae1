import { accountBranding } from '@countersign/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningWorld, startSigningWorld } from './signing-setup.ts';

let w: SigningWorld;

beforeAll(async () => {
  w = await startSigningWorld();
}, 60_000);
afterAll(async () => {
  await w?.close();
});

async function putFrameOrigins(frameOrigins: string[]) {
  const res = await w.api.fetch('/api/account/branding', {
    method: 'PUT',
    headers: { authorization: `Bearer ${await w.accessToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ frameOrigins }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('frame origins', () => {
  it.each([
    ['https://*', 'frameOrigins[0]: "https://*" must not contain a wildcard (*)'],
    ['https://*.com', 'frameOrigins[0]: "https://*.com" must not contain a wildcard (*)'],
    ['http://*:9999', 'frameOrigins[0]: "http://*:9999" must not contain a wildcard (*)'],
    [
      'http://app.example.com',
      'frameOrigins[0]: "http://app.example.com" must use https (http only for localhost, 127.0.0.0/8 or [::1])',
    ],
    [
      'https://app.example.com/embed?x=1',
      'frameOrigins[0]: "https://app.example.com/embed?x=1" must be the exact origin https://app.example.com (no path, query or fragment)',
    ],
    [
      'https://user@app.example.com',
      'frameOrigins[0]: "https://user@app.example.com" must not carry a user name or password',
    ],
  ])('refuses %s with 400 naming it', async (value, message) => {
    expect(await putFrameOrigins([value])).toEqual({
      status: 400,
      body: { error: 'invalid_request', message },
    });
  });

  it('accepts exact https origins and loopback http origins', async () => {
    const origins = [
      'https://app.example.com:8443',
      'http://localhost:5173',
      'http://127.0.0.2',
      'http://[::1]:3000',
    ];
    const res = await putFrameOrigins(origins);
    expect(res.status).toBe(200);
    expect(res.body.frameOrigins).toEqual(origins);
  });

  it('leaves a stored value that breaks the rule out of the signing page (frame-ancestors and postMessage)', async () => {
    // As an older server, which took wildcards, may have stored them.
    await w.api.runtime.ctx.db
      .update(accountBranding)
      .set({ frameOrigins: ['https://*', 'https://app.example.com', 'http://*:9999'] });
    const { tokens } = await w.send({ recipients: [{ name: 'Fran Frame' }], authRequirement: 'public' });
    const res = await w.api.fetch(`/s/${tokens[0]}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors https:\/\/app\.example\.com(;|$)/);
    expect(csp).not.toContain('*');
    expect(await res.text()).toContain('data-frame-origins="https://app.example.com"');

    await w.api.runtime.ctx.db.update(accountBranding).set({ frameOrigins: ['https://*'] });
    const none = await w.api.fetch(`/s/${tokens[0]}`);
    expect(none.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(none.headers.get('x-frame-options')).toBe('DENY');
  });
});
