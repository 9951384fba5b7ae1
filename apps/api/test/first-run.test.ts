import { freePort, type ServiceProcess, spawnEntry, tempDir, waitForUrl } from '@countersign/test-support';
import { afterEach, describe, expect, it } from 'vitest';

// First run without a shell (docs/web-app.md): `pnpm start` on an empty DATA_DIR prints a setup link; the link
// creates the first account and its owner, signed in, once; afterwards the server prints none and refuses it.

let api: ServiceProcess | undefined;
afterEach(async () => {
  api?.signal('SIGTERM');
  await api?.exited;
  api = undefined;
});

async function start(dataDir: string): Promise<{ url: string; process: ServiceProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  api = spawnEntry('apps/api/src/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    REDIS_URL: '',
    SMTP_URL: '',
    JWT_SECRET: '',
  });
  await waitForUrl(`${url}/healthz`, 60_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${api?.output()}`);
  });
  return { url, process: api };
}

const setupLine = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; setupUrl?: string; level: number })
    .find((l) => l.setupUrl !== undefined);

describe('first run', () => {
  it('prints a setup link that creates the first account and its owner once; then neither', async () => {
    const dataDir = tempDir('countersign-first-run-');
    const { url, process: first } = await start(dataDir);
    await first.waitForOutput('first run: no account yet');
    const line = setupLine(first.output());
    expect(line?.level).toBe(40); // warn: it must be seen
    const setupUrl = new URL(line!.setupUrl!);
    expect(`${setupUrl.origin}${setupUrl.pathname}`).toBe(`${url}/app/setup`);
    const token = new URLSearchParams(setupUrl.hash.slice(1)).get('token')!;
    expect(token).toMatch(/^cssetup_[A-Za-z0-9_-]{43}$/);
    expect(line!.msg).toContain(line!.setupUrl);

    const status = async () =>
      ((await (await fetch(`${url}/api/auth/setup`)).json()) as { needed: boolean }).needed;
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}/api/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const input = { accountName: 'Acme Lettings', name: 'Ada Owner', email: 'Ada@Acme.test' };
    expect(await status()).toBe(true);

    // Refused, and nothing made: a wrong token, a missing field, another site.
    const wrong = await post({ ...input, token: `cssetup_${'A'.repeat(43)}` });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('setup_link_invalid');
    const incomplete = await post({ token, accountName: 'Acme Lettings', email: 'ada@acme.test' });
    expect(incomplete.status).toBe(400);
    expect(((await incomplete.json()) as { error: string }).error).toBe('invalid_request');
    const crossSite = await post({ ...input, token }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await status()).toBe(true);

    // The link: the account, its owner, signed in by cookie; no token made.
    const made = await post({ ...input, token });
    expect(made.status).toBe(200);
    const me = (await made.json()) as {
      account: { name: string; email: string; accountId: string };
      member: { role: string; name: string; email: string };
      csrfToken: string;
    };
    expect(me.account.name).toBe('Acme Lettings');
    expect(me.member).toMatchObject({ role: 'owner', name: 'Ada Owner', email: 'ada@acme.test' });
    const cookie = made.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^cs_session=csms_/);
    const signedIn = await fetch(`${url}/api/me`, { headers: { cookie } });
    expect(((await signedIn.json()) as { account: { accountId: string } }).account.accountId).toBe(
      me.account.accountId,
    );
    const tokens = await fetch(`${url}/api/tokens`, { headers: { cookie } });
    expect(((await tokens.json()) as { tokens: unknown[] }).tokens).toEqual([]);

    // Spent: the same link again, and the server says no setup is needed.
    const again = await post({ ...input, token, email: 'eve@acme.test' });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: string }).error).toBe('setup_complete');
    expect(await status()).toBe(false);

    // A restart on the same data prints no link.
    first.signal('SIGTERM');
    await first.exited;
    const { process: second } = await start(dataDir);
    await second.waitForOutput('countersign api listening');
    await new Promise((r) => setTimeout(r, 500));
    expect(setupLine(second.output())).toBeUndefined();
  }, 150_000);
});
