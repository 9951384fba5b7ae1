import { type SsoProtocol, ssoAssertions, ssoConnections, ssoFlows } from '@countersign/db';
import { and, eq, gt, isNotNull, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { ServiceContext } from '../context.ts';
import type { MemberRow } from '../members/members.ts';
import { throttle } from '../members/throttle.ts';
import { MINUTE_MS } from '../support/clock.ts';
import { newSecret, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import {
  emailDomain,
  findSsoConnection,
  memberForSso,
  notConfigured,
  type SsoConnectionRow,
  serviceProvider,
} from './connections.ts';
import { oidcAuthorizationUrl, oidcConfiguration, oidcIdentity } from './oidc.ts';
import { samlAuthorizationUrl, samlIdentity } from './saml.ts';

/** How long a started sign-in waits for the identity provider's answer. */
export const SSO_FLOW_TTL_MS = 10 * MINUTE_MS;
/** Sign-ins started per client address and hour. */
const STARTS_PER_CLIENT = 60;

/** The verified connection for an address's domain, or for an account. */
async function connectionFor(
  ctx: ServiceContext,
  from: { email: string } | { accountId: string },
): Promise<SsoConnectionRow> {
  let row: SsoConnectionRow | undefined;
  if ('email' in from) {
    const domain = emailDomain(from.email);
    [row] = await ctx.db
      .select()
      .from(ssoConnections)
      .where(and(eq(ssoConnections.domain, domain), isNotNull(ssoConnections.domainVerifiedAt)))
      .limit(1);
    if (!row) throw notConfigured(`no single sign-on is set up for ${domain}; sign in with an emailed link`);
  } else {
    row = await findSsoConnection(ctx, from.accountId);
    if (!row || row.domainVerifiedAt === null) {
      throw notConfigured('this account has no single sign-on with a verified domain');
    }
  }
  return row;
}

/**
 * Starts a sign-in at the account's identity provider. `browserSecret` goes into a cookie of the browser that
 * asked, and only that browser can finish it; the `state` (RelayState) names the flow, which works once.
 */
export async function startSsoSignIn(
  ctx: ServiceContext,
  from: { email: string } | { accountId: string },
  client: string,
): Promise<{ redirectUrl: string; browserSecret: string }> {
  await throttle(
    ctx,
    `sso-start:client:${client}`,
    STARTS_PER_CLIENT,
    60 * MINUTE_MS,
    'single sign-on starts',
  );
  const row = await connectionFor(ctx, from);
  const now = ctx.clock.now();
  await ctx.db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
  const state = newSecret('', 24);
  const browserSecret = newSecret('', 32);
  let redirectUrl: string;
  let nonce: string;
  let codeVerifier: string | null = null;
  if (row.protocol === 'oidc') {
    const config = await oidcConfiguration(ctx, row);
    nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    codeVerifier = ctx.secrets.dataKey.encrypt(verifier);
    redirectUrl = await oidcAuthorizationUrl(config, {
      redirectUri: serviceProvider(ctx, row.accountId).oidcRedirectUri,
      state,
      nonce,
      codeVerifier: verifier,
      ...('email' in from ? { loginHint: from.email } : {}),
    });
  } else {
    const request = await samlAuthorizationUrl(ctx, row, state);
    redirectUrl = request.url;
    nonce = request.requestId;
  }
  await ctx.db.insert(ssoFlows).values({
    stateHash: sha256Hex(state),
    accountId: row.accountId,
    protocol: row.protocol,
    browserHash: sha256Hex(browserSecret),
    nonce,
    codeVerifier,
    expiresAt: now + SSO_FLOW_TTL_MS,
  });
  return { redirectUrl, browserSecret };
}

/** Spends the flow `state` names (once, whatever follows) and checks it is this browser's and protocol's. */
async function spendFlow(
  ctx: ServiceContext,
  protocol: SsoProtocol,
  state: string,
  browserSecret: string | undefined,
) {
  const [flow] = await ctx.db
    .delete(ssoFlows)
    .where(and(eq(ssoFlows.stateHash, sha256Hex(state)), gt(ssoFlows.expiresAt, ctx.clock.now())))
    .returning();
  if (!flow || flow.protocol !== protocol) {
    throw new DomainError(
      'sso_failed',
      'this single sign-on was not started here, was already used or took more than 10 minutes; start again',
    );
  }
  if (browserSecret === undefined || sha256Hex(browserSecret) !== flow.browserHash) {
    throw new DomainError(
      'sso_failed',
      'this single sign-on was started in another browser (or its cookie was lost); start again here',
    );
  }
  const row = await findSsoConnection(ctx, flow.accountId);
  if (!row || row.protocol !== protocol || row.domainVerifiedAt === null) {
    throw notConfigured('the single sign-on of this account changed meanwhile; start again');
  }
  return { flow, row };
}

/** The OIDC provider's redirect (`code`, `state`): the member it signs in (created on first sign-in). */
export async function finishOidcSignIn(
  ctx: ServiceContext,
  query: Record<string, string>,
  browserSecret: string | undefined,
): Promise<MemberRow> {
  if (!query.state) throw new DomainError('sso_failed', 'the identity provider sent no state');
  const { flow, row } = await spendFlow(ctx, 'oidc', query.state, browserSecret);
  if (query.error) {
    throw new DomainError(
      'sso_failed',
      `the identity provider refused the sign-in (${query.error}${query.error_description ? `: ${query.error_description}` : ''})`,
    );
  }
  const config = await oidcConfiguration(ctx, row);
  const callback = new URL(serviceProvider(ctx, row.accountId).oidcRedirectUri);
  callback.search = new URLSearchParams(query).toString();
  const who = await oidcIdentity(config, callback, {
    state: query.state,
    nonce: flow.nonce,
    codeVerifier: ctx.secrets.dataKey.decrypt(flow.codeVerifier ?? ''),
  });
  return memberForSso(ctx, row, who.email, who.name);
}

/**
 * The SAML IdP's POST to the assertion consumer service: the assertion is checked (saml.ts) and then recorded
 * until it expires, so the same assertion never signs in twice.
 */
export async function finishSamlSignIn(
  ctx: ServiceContext,
  form: { SAMLResponse: string; RelayState: string },
  browserSecret: string | undefined,
): Promise<MemberRow> {
  const { flow, row } = await spendFlow(ctx, 'saml', form.RelayState, browserSecret);
  const who = await samlIdentity(ctx, row, flow.nonce, form.SAMLResponse);
  const now = ctx.clock.now();
  await ctx.db.delete(ssoAssertions).where(lt(ssoAssertions.expiresAt, now));
  const fresh = await ctx.db
    .insert(ssoAssertions)
    .values({
      keyHash: sha256Hex(`${row.accountId}\n${who.assertionId}`),
      expiresAt: Math.max(who.notOnOrAfter, now + SSO_FLOW_TTL_MS),
    })
    .onConflictDoNothing()
    .returning({ keyHash: ssoAssertions.keyHash });
  if (fresh.length === 0) {
    throw new DomainError('sso_failed', 'the SAML response was refused: this assertion was already used');
  }
  return memberForSso(ctx, row, who.email, who.name);
}
