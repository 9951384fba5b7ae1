import { addMember, createAccount, createSignInLink } from '@countersign/core';
import { memberSessions, members, ssoConnections } from '@countersign/db';
import { runCli } from '@countersign/test-support';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.ts';
import {
  type OidcIdp,
  readAuthnRequest,
  type SamlIdp,
  startOidcIdp,
  startSamlIdp,
  startTestDns,
} from './sso-support.ts';
import { FIRST_LOAD_TIMEOUT_MS, signedInPageAt } from './web/app-support.ts';
import {
  appWorld,
  atBothWidths,
  closeClean,
  dropExpectedProblems,
  newContext,
  tabTo,
  virtualAuthenticator,
} from './web/browser.ts';
import { linkToken, WebClient } from './web-support.ts';

// Single sign-on with real identity providers on loopback: oidc-provider (OpenID Connect, code flow with PKCE)
// and a samlify IdP (signed SAML assertions), driven in Chromium; a dns2 server holds the TXT records that
// verify a domain. Refusals (unsigned, tampered, another key, wrong audience or recipient, expired, replayed,
// another browser), require-SSO for links, the operator's recovery command and the owner-only settings.

const dns = await startTestDns();
const world = appWorld({ worker: false, env: { SSO_DNS_SERVERS: dns.server, SSO_ALLOW_HTTP: 'true' } });
let api: TestApi;
let oidcIdp: OidcIdp;
let samlIdp: SamlIdp;
let samlAccount: { accountId: string; owner: WebClient };

afterAll(async () => {
  await oidcIdp?.close();
  await samlIdp?.close();
  await dns.close();
});

async function ownerOf(name: string, email: string) {
  const { accountId, ownerMemberId } = await createAccount(api.runtime.ctx, { name, email });
  return { accountId, owner: await WebClient.forMember(api, ownerMemberId) };
}

/** Configures the connection, publishes the TXT record and verifies the domain, as an owner does. */
async function setUp(owner: WebClient, body: Record<string, unknown>) {
  const put = await owner.fetch('PUT', '/api/account/sso', body);
  expect(put.status).toBe(200);
  const record = (await (await owner.post('/api/account/sso/verification')).json()) as {
    recordName: string;
    recordValue: string;
  };
  dns.setTxt(record.recordName, ['v=spf1 -all', record.recordValue]);
  const verified = await owner.post('/api/account/sso/verification/check');
  expect(verified.status).toBe(200);
  expect(((await verified.json()) as { verification: { verified: boolean } }).verification.verified).toBe(
    true,
  );
  const logged = (await (await owner.get('/api/activity?action=sso.domain_verified')).json()) as {
    events: { actor: { label: string } }[];
  };
  expect(logged.events.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  api = world.api;
  const base = api.config.publicUrl;
  oidcIdp = await startOidcIdp(`${base}/api/auth/sso/oidc/callback`);
  samlAccount = await ownerOf('SAML Ltd', 'owner@saml.test');
  samlIdp = await startSamlIdp(
    `${base}/api/auth/sso/saml/metadata/${samlAccount.accountId}`,
    `${base}/api/auth/sso/saml/acs`,
  );
  await setUp(samlAccount.owner, {
    protocol: 'saml',
    domain: 'saml.test',
    saml: { entityId: samlIdp.entityId, ssoUrl: samlIdp.ssoUrl, certificate: samlIdp.certificate },
  });
});

const latestSession = async (memberId: string) =>
  (
    await api.runtime.db
      .select()
      .from(memberSessions)
      .where(eq(memberSessions.memberId, memberId))
      .orderBy(desc(memberSessions.createdAt))
      .limit(1)
  )[0];

const memberByEmail = async (accountId: string, email: string) =>
  (
    await api.runtime.db
      .select()
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.email, email)))
  )[0];

/** A SAML sign-in started as the app starts it, without a browser: its cookie, RelayState and request id. */
async function startSaml(email: string) {
  const res = await api.post('/api/auth/sso/start', { email });
  expect(res.status).toBe(200);
  const cookie = /^(cs_sso=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  expect(cookie).not.toBe('');
  const url = new URL(((await res.json()) as { redirectUrl: string }).redirectUrl);
  expect(url.origin + url.pathname).toBe(samlIdp.ssoUrl);
  const request = readAuthnRequest(url.searchParams.get('SAMLRequest') ?? '');
  return { cookie, relayState: url.searchParams.get('RelayState') ?? '', requestId: request.id, request };
}

async function postAcs(flow: { cookie: string; relayState: string }, samlResponse: string) {
  const res = await api.fetch('/api/auth/sso/saml/acs', {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: flow.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: flow.relayState }),
  });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location') ?? '', api.url);
  return {
    location,
    signedIn: /cs_session=csms_/.test(res.headers.get('set-cookie') ?? ''),
    message: location.searchParams.get('message') ?? '',
  };
}

describe('settings', () => {
  it('only an owner configures single sign-on; the settings say what to register at the IdP', async () => {
    const { accountId, owner } = await ownerOf('Owners Only', 'owner@owners.test');
    const member = await addMember(api.runtime.ctx, accountId, { email: 'm@owners.test', role: 'member' });
    const web = await WebClient.forMember(api, member.id);
    const body = {
      protocol: 'oidc',
      domain: 'owners.test',
      oidc: { issuer: oidcIdp.issuer, clientId: 'x', clientSecret: 'plain-client-secret' },
    };
    for (const res of [
      await web.get('/api/account/sso'),
      await web.fetch('PUT', '/api/account/sso', body),
      await web.delete('/api/account/sso'),
      await web.post('/api/account/sso/verification'),
      await web.post('/api/account/sso/verification/check'),
    ]) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('insufficient_scope');
    }
    const settings = (await (await owner.get('/api/account/sso')).json()) as {
      connection: null;
      serviceProvider: Record<string, string>;
    };
    expect(settings.connection).toBeNull();
    expect(settings.serviceProvider.oidcRedirectUri).toBe(
      `${api.config.publicUrl}/api/auth/sso/oidc/callback`,
    );
    const put = await owner.fetch('PUT', '/api/account/sso', body);
    expect(put.status).toBe(200);
    const view = (await put.json()) as { oidc: Record<string, unknown>; verification: { verified: boolean } };
    expect(view.oidc).toEqual({ issuer: oidcIdp.issuer, clientId: 'x', clientSecretSet: true });
    expect(view.verification.verified).toBe(false);
    // The secret is stored encrypted, never as given.
    const [row] = await api.runtime.db
      .select()
      .from(ssoConnections)
      .where(eq(ssoConnections.accountId, accountId));
    expect(row?.clientSecret).toMatch(/^v1\./);
    expect(row?.clientSecret).not.toContain('plain-client-secret');
    expect((await owner.delete('/api/account/sso')).status).toBe(204);
  });

  it('verifies the domain by its TXT record only; a domain verified by one account is refused to another', async () => {
    const { owner } = await ownerOf('Dns Ltd', 'owner@dns.test');
    await owner.fetch('PUT', '/api/account/sso', {
      protocol: 'oidc',
      domain: 'dns.test',
      oidc: { issuer: oidcIdp.issuer, clientId: 'x' },
    });
    dns.setTxt('dns.test', ['countersign-verification=not-this-one']);
    const refused = await owner.post('/api/account/sso/verification/check');
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('sso_domain_unverified');
    expect(body.message).toMatch(
      /no TXT record "countersign-verification=.+" at dns\.test \(found 1 TXT record\)/,
    );
    // Not verified: nobody signs in through it.
    expect((await api.post('/api/auth/sso/start', { email: 'a@dns.test' })).status).toBe(404);

    const other = await ownerOf('Squatter', 'owner@squat.test');
    await other.owner.fetch('PUT', '/api/account/sso', {
      protocol: 'oidc',
      domain: 'saml.test',
      oidc: { issuer: oidcIdp.issuer, clientId: 'x' },
    });
    const record = (await (await other.owner.post('/api/account/sso/verification')).json()) as {
      recordValue: string;
    };
    dns.setTxt('saml.test', [record.recordValue]);
    const taken = await other.owner.post('/api/account/sso/verification/check');
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: string }).error).toBe('sso_domain_taken');

    // The activity log: the squatter's setup is there, a verification that was refused is not.
    const logged = (await (await other.owner.get('/api/activity?action=sso.')).json()) as {
      events: { action: string; details: Record<string, unknown> | null }[];
    };
    expect(logged.events.map((e) => e.action)).toEqual(['sso.configured']);
    expect(logged.events[0]!.details).toMatchObject({
      protocol: 'oidc',
      domain: 'saml.test',
      requireSso: false,
    });
    expect(JSON.stringify(logged.events)).not.toContain('plain-client-secret');
  });
});

/** A browser test's time: first loads of the app and the IdP pages take long on a busy machine. */
const BROWSER_TEST_MS = 180_000;

/**
 * The test IdPs' own pages ask for a favicon (404) and oidc-provider's development pages for resources on the
 * internet, which this machine cannot resolve: their console errors are not the app's.
 */
const dropIdpPageProblems = () =>
  dropExpectedProblems(
    world.problems,
    /Failed to load resource: (net::ERR_NAME_NOT_RESOLVED|the server responded with a status of 404)/,
  );

/** The sign-in page's single sign-on path, by keyboard: the button, the work address, Enter. */
async function startFromSignInPage(page: Page, email: string, shots?: string) {
  await page.goto(`${api.config.publicUrl}/app/sign-in`, { timeout: FIRST_LOAD_TIMEOUT_MS });
  await tabTo(page, 'button:text("Sign in with single sign-on")');
  await page.keyboard.press('Enter');
  const field = page.getByLabel('Work email address');
  await tabTo(page, 'input[name="sso-email"]');
  await page.keyboard.type(email);
  if (shots) await atBothWidths(page, shots, field);
  await page.keyboard.press('Enter');
}

describe('OpenID Connect', () => {
  it(
    'an owner sets it up in Settings by keyboard; a new person at the domain signs in from the sign-in page (JIT)',
    async () => {
      const { accountId, ownerMemberId } = await createAccount(api.runtime.ctx, {
        name: 'Oidc Ltd',
        email: 'owner@oidc.test',
      });
      const settings = await signedInPageAt(world, ownerMemberId, '/app/settings');
      const section = settings.getByRole('region', { name: 'Single sign-on' });
      await section.getByLabel('Email domain').waitFor();
      await atBothWidths(settings, 'sso-settings-empty', section);
      const typeInto = async (label: string, value: string) => {
        await section.getByLabel(label).focus();
        await settings.keyboard.type(value);
      };
      await typeInto('Email domain', 'oidc.test');
      await typeInto('Issuer URL', oidcIdp.issuer);
      await typeInto('Client ID', oidcIdp.clientId);
      await typeInto('Client secret', oidcIdp.clientSecret);
      await settings.keyboard.press('Enter');
      await expect.poll(() => section.getByText(/add this TXT record/).count()).toBe(1);
      const value = await section.locator('dd code', { hasText: 'countersign-verification=' }).textContent();
      dns.setTxt('oidc.test', [value ?? '']);
      await atBothWidths(settings, 'sso-settings-verify', section);
      await section.getByRole('button', { name: 'Check DNS now' }).focus();
      await settings.keyboard.press('Enter');
      await expect.poll(() => section.getByText('is verified').count()).toBe(1);
      await expect.poll(() => section.getByLabel(/Client secret \(stored encrypted/).count()).toBe(1);
      await atBothWidths(settings, 'sso-settings-verified', section);
      await settings.context().close();

      const context = await newContext(world.browser, world.problems);
      const page = await context.newPage();
      const discoveredBefore = oidcIdp.discoveries();
      await startFromSignInPage(page, 'new.person@oidc.test', 'sso-sign-in');
      await page.waitForURL(`${oidcIdp.issuer}/**`);
      const authorize = new URL(page.url());
      expect(new URL(page.url()).origin).toBe(oidcIdp.issuer);
      await page.locator('input[name="login"]').fill('new.person@oidc.test');
      await page.locator('input[name="password"]').fill('any');
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click(); // consent
      await page.waitForURL(`${api.config.publicUrl}/app/**`);
      expect(new URL(page.url()).searchParams.get('message')).toBeNull();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toMatch(/Sign in/);
      const member = await memberByEmail(accountId, 'new.person@oidc.test');
      expect(member?.role).toBe('member');
      expect((await latestSession(member!.id))?.method).toBe('sso');
      expect(authorize.pathname).not.toBe('');
      // The start and the callback share one discovery (none when the settings' check read it just now).
      expect(oidcIdp.discoveries() - discoveredBefore).toBeLessThanOrEqual(1);
      dropIdpPageProblems();
      await closeClean(world, page);
    },
    BROWSER_TEST_MS,
  );
});

describe('SAML', () => {
  it(
    'signs an address of the domain in (samlify IdP, signed assertion), in Chromium',
    async () => {
      samlIdp.signInAs('saml.person@saml.test');
      const context = await newContext(world.browser, world.problems);
      const page = await context.newPage();
      const base = api.config.publicUrl;
      await startFromSignInPage(page, 'saml.person@saml.test');
      await page.getByRole('button', { name: 'Continue to Countersign' }).click();
      await page.waitForURL(`${base}/app/**`);
      expect(new URL(page.url()).pathname).not.toBe('/app/sign-in');
      const member = await memberByEmail(samlAccount.accountId, 'saml.person@saml.test');
      expect((await latestSession(member!.id))?.method).toBe('sso');
      dropIdpPageProblems();
      await closeClean(world, page);
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows a refused single sign-on on the sign-in page with the reason',
    async () => {
      const context = await newContext(world.browser, world.problems);
      const page = await context.newPage();
      const params = new URLSearchParams({
        error: 'sso_failed',
        message: 'the SAML response was refused: x',
      });
      await page.goto(`${api.config.publicUrl}/app/sign-in?${params}`, { timeout: FIRST_LOAD_TIMEOUT_MS });
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe('Single sign-on failed: the SAML response was refused: x');
      await expect.poll(() => page.getByLabel('Work email address').count()).toBe(1);
      await closeClean(world, page);
    },
    BROWSER_TEST_MS,
  );

  it('serves the SP metadata: entity id, ACS, signed assertions wanted', async () => {
    const res = await api.fetch(`/api/auth/sso/saml/metadata/${samlAccount.accountId}`);
    expect(res.headers.get('content-type')).toMatch(/samlmetadata\+xml/);
    const xml = await res.text();
    expect(xml).toContain(
      `entityID="${api.config.publicUrl}/api/auth/sso/saml/metadata/${samlAccount.accountId}"`,
    );
    expect(xml).toContain(`Location="${api.config.publicUrl}/api/auth/sso/saml/acs"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it('accepts a good response once; refuses unsigned, tampered, foreign, misaddressed, expired and replayed ones', async () => {
    const email = 'checks@saml.test';
    const good = await startSaml(email);
    expect(good.request.acs).toBe(`${api.config.publicUrl}/api/auth/sso/saml/acs`);
    const response = await samlIdp.respond({ email, inResponseTo: good.requestId });
    const ok = await postAcs(good, response);
    expect(ok.message).toBe('');
    expect(ok.location.pathname).toBe('/app/');
    expect(ok.signedIn).toBe(true);

    const refused = async (why: RegExp, make: (requestId: string) => Promise<string>) => {
      const flow = await startSaml(email);
      const result = await postAcs(flow, await make(flow.requestId));
      expect(result.signedIn, why.source).toBe(false);
      expect(result.location.pathname).toBe('/app/sign-in');
      expect(result.location.searchParams.get('error')).toBe('sso_failed');
      expect(result.message).toMatch(why);
    };
    // The response is signed, the assertion is not: refused (assertions must carry their own signature).
    await refused(/signature/i, (id) => samlIdp.respond({ email, inResponseTo: id, signAssertion: false }));
    // No signature at all.
    await refused(/signature/i, async (id) => {
      const xml = Buffer.from(await samlIdp.respond({ email, inResponseTo: id }), 'base64').toString();
      return Buffer.from(xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString('base64');
    });
    // Tampered after signing: another address in the signed assertion.
    await refused(/signature|digest/i, async (id) => {
      const xml = Buffer.from(await samlIdp.respond({ email, inResponseTo: id }), 'base64').toString();
      return Buffer.from(xml.replaceAll(email, 'owner@saml.test')).toString('base64');
    });
    // Signed by a key that is not the configured certificate's.
    await refused(/signature/i, (id) => samlIdp.respond({ email, inResponseTo: id, otherKey: true }));
    await refused(/audience/i, (id) =>
      samlIdp.respond({ email, inResponseTo: id, audience: 'https://someone-else.example/sp' }),
    );
    await refused(/Recipient/, (id) =>
      samlIdp.respond({ email, inResponseTo: id, recipient: 'https://someone-else.example/acs' }),
    );
    await refused(/Destination/, (id) =>
      samlIdp.respond({ email, inResponseTo: id, destination: 'https://someone-else.example/acs' }),
    );
    const past = Date.now() - 3_600_000;
    await refused(/expired|NotOnOrAfter|no valid subject confirmation/i, (id) =>
      samlIdp.respond({
        email,
        inResponseTo: id,
        notBefore: new Date(past - 60_000),
        notOnOrAfter: new Date(past),
      }),
    );
    // Answers to another request (an assertion captured from an earlier sign-in) are refused.
    await refused(/InResponseTo/, async () => response);
    // Address outside the domain.
    await refused(/not at saml\.test/, (id) =>
      samlIdp.respond({ email: 'x@elsewhere.test', inResponseTo: id }),
    );

    // The same response again, on its own flow: the flow was spent.
    const replay = await postAcs(good, response);
    expect(replay.signedIn).toBe(false);
    expect(replay.message).toMatch(/already used|not started here/);

    // Another browser (no cookie of this flow) cannot finish it.
    const flow = await startSaml(email);
    const stolen = await postAcs(
      { cookie: 'cs_sso=someone-else', relayState: flow.relayState },
      await samlIdp.respond({ email, inResponseTo: flow.requestId }),
    );
    expect(stolen.signedIn).toBe(false);
    expect(stolen.message).toMatch(/another browser/);
  });
});

describe('require single sign-on', () => {
  it('refuses emailed links to members at the domain, keeps them for owners; the CLI turns it off', async () => {
    const owner = samlAccount.owner;
    const put = await owner.fetch('PUT', '/api/account/sso', {
      protocol: 'saml',
      domain: 'saml.test',
      requireSso: true,
      saml: { entityId: samlIdp.entityId, ssoUrl: samlIdp.ssoUrl, certificate: samlIdp.certificate },
    });
    expect(put.status).toBe(200);
    const member = await addMember(api.runtime.ctx, samlAccount.accountId, {
      email: 'linked@saml.test',
      role: 'member',
    });
    const link = await createSignInLink(api.runtime.ctx, member.id);
    const refused = await api.post('/api/auth/sign-in/verify', { token: linkToken(link.url) });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe('sso_required');
    expect(body.message).toMatch(
      /requires single sign-on for saml\.test addresses: choose "Sign in with single sign-on"/,
    );

    // Owners keep emailed links (break-glass).
    const ownerRow = await memberByEmail(samlAccount.accountId, 'owner@saml.test');
    const ownerLink = await createSignInLink(api.runtime.ctx, ownerRow!.id);
    expect((await api.post('/api/auth/sign-in/verify', { token: linkToken(ownerLink.url) })).status).toBe(
      200,
    );

    // The operator's recovery: require-SSO off, links work again.
    const cli = await runCli(['sso', 'disable', '--account', samlAccount.accountId], api.dataEnv);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.json).toEqual({ accountId: samlAccount.accountId, requireSso: false });
    const again = await createSignInLink(api.runtime.ctx, member.id);
    expect((await api.post('/api/auth/sign-in/verify', { token: linkToken(again.url) })).status).toBe(200);
  });
  it(
    'refuses a passkey to a member at the domain once single sign-on is required, pointing to it',
    async () => {
      const { accountId, owner } = await ownerOf('Keys Ltd', 'owner@keys.test');
      const member = await addMember(api.runtime.ctx, accountId, {
        email: 'member@keys.test',
        role: 'member',
      });
      const connection = {
        protocol: 'oidc',
        domain: 'keys.test',
        oidc: { issuer: oidcIdp.issuer, clientId: oidcIdp.clientId, clientSecret: oidcIdp.clientSecret },
      };
      await setUp(owner, connection);
      const base = api.config.publicUrl;
      const context = await newContext(world.browser, world.problems);
      const page = await context.newPage();
      await virtualAuthenticator(page);
      // The member adds a passkey while links still work.
      const { url } = await createSignInLink(api.runtime.ctx, member.id);
      await page.goto(url, { timeout: FIRST_LOAD_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${base}/app/sessions`);
      await page.goto(`${base}/app/settings`);
      const passkeys = page.getByRole('region', { name: 'Your passkeys' });
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await passkeys.getByRole('status').filter({ hasText: 'Passkey added' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/app\/sign-in/);

      expect((await owner.fetch('PUT', '/api/account/sso', { ...connection, requireSso: true })).status).toBe(
        200,
      );
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'this account requires single sign-on for keys.test addresses' })
        .waitFor();
      expect(page.url()).toMatch(/\/app\/sign-in/);
      // Chromium logs the refused sign-in's 403.
      dropExpectedProblems(world.problems, /status of 403 \(Forbidden\)/);
      await closeClean(world, page);
    },
    BROWSER_TEST_MS,
  );
});
