import { createHash } from 'node:crypto';
import { driveConnections, driveOauthStates } from '@countersign/db';
import { and, eq, gt } from 'drizzle-orm';
import { getAccount } from '../accounts/accounts.ts';
import type { ServiceContext } from '../context.ts';
import { MINUTE_MS } from '../support/clock.ts';
import { newSecret, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { connectGoogleDrive } from './drive-service.ts';

/** Read-only access to the files the account's sends name; nothing is ever written to Google Drive. */
export const GDRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
/** How long a started connection waits for Google's redirect. */
const STATE_TTL_MS = 10 * MINUTE_MS;

/** Where Google sends the member back: the API's callback route on the public address. */
export const gdriveRedirectUri = (ctx: ServiceContext) => `${ctx.config.publicUrl}/api/drive/gdrive/callback`;

function client(ctx: ServiceContext) {
  const c = ctx.config.drive.googleClient;
  if (!c) {
    throw new DomainError(
      'drive_oauth_not_configured',
      'Google Drive cannot be connected here: the operator has not set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
  }
  return c;
}

/**
 * Starts the authorization-code flow with PKCE (RFC 7636, S256): a random `state` bound to this account and a
 * code verifier kept encrypted until the callback. Returns Google's consent URL.
 */
export async function startGoogleDriveConnect(ctx: ServiceContext, accountId: string): Promise<string> {
  const { id } = client(ctx);
  await getAccount(ctx, accountId);
  const state = newSecret('', 24);
  const verifier = newSecret('', 48);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await ctx.db.insert(driveOauthStates).values({
    stateHash: sha256Hex(state),
    accountId,
    codeVerifier: ctx.secrets.dataKey.encrypt(verifier),
    expiresAt: ctx.clock.now() + STATE_TTL_MS,
  });
  const url = new URL(ctx.config.drive.gdriveAuthUrl);
  url.search = new URLSearchParams({
    client_id: id,
    redirect_uri: gdriveRedirectUri(ctx),
    response_type: 'code',
    scope: GDRIVE_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

async function postForm(ctx: ServiceContext, url: string, form: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(ctx.config.drive.timeoutMs),
    redirect: 'error',
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * Google's redirect: the state must be one this account started and still live (it is spent either way), the
 * code is exchanged with the verifier, and the refresh token is stored encrypted as the account's drive.
 */
export async function finishGoogleDriveConnect(
  ctx: ServiceContext,
  accountId: string,
  params: { code: string; state: string },
  alsoInTransaction?: (account: string | null) => Promise<void>,
): Promise<{ provider: 'gdrive'; account: string | null }> {
  const { id, secret } = client(ctx);
  const [pending] = await ctx.db
    .delete(driveOauthStates)
    .where(
      and(
        eq(driveOauthStates.stateHash, sha256Hex(params.state)),
        eq(driveOauthStates.accountId, accountId),
        gt(driveOauthStates.expiresAt, ctx.clock.now()),
      ),
    )
    .returning();
  if (!pending) {
    throw new DomainError(
      'drive_oauth_failed',
      'this Google Drive connection was not started from this account or took too long; start it again',
    );
  }
  const verifier = ctx.secrets.dataKey.decrypt(pending.codeVerifier);
  let token: { status: number; body: Record<string, unknown> };
  try {
    token = await postForm(ctx, ctx.config.drive.gdriveTokenUrl, {
      grant_type: 'authorization_code',
      code: params.code,
      redirect_uri: gdriveRedirectUri(ctx),
      client_id: id,
      client_secret: secret,
      code_verifier: verifier,
    });
  } catch (err) {
    throw new DomainError(
      'drive_unavailable',
      `Google's token endpoint could not be reached (${(err as Error).message})`,
    );
  }
  const refreshToken = token.body.refresh_token;
  const accessToken = token.body.access_token;
  if (token.status !== 200 || typeof refreshToken !== 'string' || typeof accessToken !== 'string') {
    const reason = typeof token.body.error === 'string' ? token.body.error : `HTTP ${token.status}`;
    throw new DomainError('drive_oauth_failed', `Google refused the authorization code (${reason})`);
  }
  const email = await connectedEmail(ctx, accessToken);
  // Google was asked above: the transaction holds only the writes.
  await ctx.db.transaction(async () => {
    await connectGoogleDrive(ctx, accountId, { clientId: id, clientSecret: secret, refreshToken }, email);
    await alsoInTransaction?.(email);
  });
  return { provider: 'gdrive', account: email };
}

/** The connected Google account's address (Drive's `about`), or null when Google does not say. */
async function connectedEmail(ctx: ServiceContext, accessToken: string): Promise<string | null> {
  try {
    const res = await fetch(`${ctx.config.drive.gdriveBaseUrl}/drive/v3/about?fields=user`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(ctx.config.drive.timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { user?: { emailAddress?: unknown } };
    return typeof body.user?.emailAddress === 'string' ? body.user.emailAddress : null;
  } catch {
    return null;
  }
}

/** The account's drive as the app shows it. */
export async function driveConnectionView(ctx: ServiceContext, accountId: string) {
  const [row] = await ctx.db
    .select({ provider: driveConnections.provider, accountEmail: driveConnections.accountEmail })
    .from(driveConnections)
    .where(eq(driveConnections.accountId, accountId))
    .limit(1);
  return {
    provider: row?.provider ?? ('local' as const),
    account: row?.accountEmail ?? null,
    googleOauthAvailable: ctx.config.drive.googleClient !== undefined,
  };
}
