import * as oidc from 'openid-client';
import type { ServiceContext } from '../context.ts';
import { sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import type { OidcSettings, SsoConnectionRow } from './connections.ts';

/** What the provider must let us read: the member's address (the `email` scope) and name. */
const SCOPE = 'openid email profile';

/** How long a provider's discovery document (and the keys openid-client fetched with it) is reused. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const DISCOVERY_CACHE_SIZE = 100;

/**
 * Discovered configurations by issuer, client, secret and transport: a sign-in asks twice (start and
 * callback), and a change of the connection's settings is a new key. Oldest first out; a failed discovery is
 * not kept.
 */
const discovered = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

/**
 * The provider's configuration through discovery (`<issuer>/.well-known/openid-configuration`), with the
 * client's secret when it has one (client_secret_basic), reused for ten minutes. Plain http only where
 * SSO_ALLOW_HTTP says so.
 */
export async function oidcConfiguration(
  ctx: ServiceContext,
  row: SsoConnectionRow,
): Promise<oidc.Configuration> {
  const settings = row.settings as OidcSettings;
  const secret = row.clientSecret === null ? undefined : ctx.secrets.dataKey.decrypt(row.clientSecret);
  const allowHttp = ctx.config.sso.allowHttp;
  const key = sha256Hex(JSON.stringify([settings.issuer, settings.clientId, secret ?? null, allowHttp]));
  const now = ctx.clock.now();
  const hit = discovered.get(key);
  if (hit && hit.until > now) return hit.config;
  const config: Promise<oidc.Configuration> = oidc
    .discovery(
      new URL(settings.issuer),
      settings.clientId,
      undefined,
      secret === undefined ? oidc.None() : oidc.ClientSecretBasic(secret),
      { timeout: 10, ...(allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}) },
    )
    .catch((err: unknown) => {
      if (discovered.get(key)?.config === config) discovered.delete(key);
      throw new DomainError(
        'sso_failed',
        `the identity provider's discovery document could not be read from ${settings.issuer} (${messageOf(err)})`,
      );
    });
  discovered.delete(key);
  if (discovered.size >= DISCOVERY_CACHE_SIZE) discovered.delete(discovered.keys().next().value!);
  discovered.set(key, { config, until: now + DISCOVERY_TTL_MS });
  return config;
}

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The provider's sign-in page for an authorization code flow with PKCE (S256), state and nonce. */
export async function oidcAuthorizationUrl(
  config: oidc.Configuration,
  params: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string },
): Promise<string> {
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: params.redirectUri,
    scope: SCOPE,
    response_type: 'code',
    state: params.state,
    nonce: params.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
    code_challenge_method: 'S256',
    ...(params.loginHint ? { login_hint: params.loginHint } : {}),
  });
  return url.href;
}

/**
 * Redeems the code (with the PKCE verifier) and checks the ID token as openid-client does: signature by the
 * provider's keys (JWKS), issuer, audience (our client id), expiry, nonce, and the state of the redirect.
 * Returns the address the provider vouches for.
 */
export async function oidcIdentity(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<{ email: string; name: string | null }> {
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken;
    // Providers may keep the profile claims for the UserInfo endpoint when they issue an access token (OIDC
    // Core 5.4); its answer must be about the ID token's subject.
    if (idToken && typeof idToken.email !== 'string') {
      claims = { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
    }
  } catch (err) {
    throw new DomainError('sso_failed', `the identity provider's answer was refused: ${messageOf(err)}`);
  }
  if (!claims || typeof claims.email !== 'string') {
    throw new DomainError(
      'sso_failed',
      'the identity provider did not give an email address (scope "email")',
    );
  }
  if (claims.email_verified === false) {
    throw new DomainError('sso_failed', `the identity provider says ${claims.email} is not verified`);
  }
  return { email: claims.email, name: typeof claims.name === 'string' ? claims.name : null };
}
