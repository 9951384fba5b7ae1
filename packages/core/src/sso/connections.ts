import { Resolver } from 'node:dns/promises';
import { type MemberRole, members, ssoConnections } from '@countersign/db';
import type { SsoConnection, SsoConnectionRequest, SsoSettings } from '@countersign/schemas';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { getAccount } from '../accounts/accounts.ts';
import type { ServiceContext } from '../context.ts';
import { type MemberRow, newMemberRow } from '../members/members.ts';
import { newSecret } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export interface OidcSettings {
  issuer: string;
  clientId: string;
}
export interface SamlSettings {
  entityId: string;
  ssoUrl: string;
  certificate: string;
}

/** The TXT record an owner publishes at the domain: `countersign-verification=<token>`. */
export const VERIFICATION_PREFIX = 'countersign-verification=';

/** Where identity providers send members back, and what they know this service as. */
export function serviceProvider(ctx: ServiceContext, accountId: string): SsoSettings['serviceProvider'] {
  const base = `${ctx.config.publicUrl}/api/auth/sso`;
  return {
    oidcRedirectUri: `${base}/oidc/callback`,
    samlEntityId: `${base}/saml/metadata/${accountId}`,
    samlAcsUrl: `${base}/saml/acs`,
    samlMetadataUrl: `${base}/saml/metadata/${accountId}`,
  };
}

export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function ssoConnectionView(row: SsoConnectionRow): SsoConnection {
  const settings = row.settings as OidcSettings & SamlSettings;
  return {
    protocol: row.protocol,
    domain: row.domain,
    verification: {
      recordType: 'TXT',
      recordName: row.domain,
      recordValue: VERIFICATION_PREFIX + row.verificationToken,
      verified: row.domainVerifiedAt !== null,
      verifiedAt: iso(row.domainVerifiedAt),
    },
    defaultRole: row.defaultRole,
    requireSso: row.requireSso,
    oidc:
      row.protocol === 'oidc'
        ? { issuer: settings.issuer, clientId: settings.clientId, clientSecretSet: row.clientSecret !== null }
        : null,
    saml:
      row.protocol === 'saml'
        ? { entityId: settings.entityId, ssoUrl: settings.ssoUrl, certificate: settings.certificate }
        : null,
    updatedAt: iso(row.updatedAt)!,
  };
}

export async function findSsoConnection(
  ctx: ServiceContext,
  accountId: string,
): Promise<SsoConnectionRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.accountId, accountId))
    .limit(1);
  return row;
}

export async function ssoSettings(ctx: ServiceContext, accountId: string): Promise<SsoSettings> {
  const row = await findSsoConnection(ctx, accountId);
  return {
    connection: row ? ssoConnectionView(row) : null,
    serviceProvider: serviceProvider(ctx, accountId),
  };
}

/** The TXT record that proves the domain (domain verification, step one). */
export async function ssoVerification(ctx: ServiceContext, accountId: string) {
  const row = await findSsoConnection(ctx, accountId);
  if (!row) throw notConfigured('set up single sign-on (PUT /api/account/sso) before verifying its domain');
  return ssoConnectionView(row).verification;
}

function checkUrl(ctx: ServiceContext, name: string, value: string): void {
  if (!ctx.config.sso.allowHttp && !value.startsWith('https:')) {
    throw new DomainError('invalid_request', `${name}: must be an https URL`);
  }
}

/**
 * Creates or replaces the account's connection. A new domain gets a new verification token and must be
 * verified again; an OIDC client secret is kept when the request leaves it out (it is never shown).
 */
export async function putSsoConnection(
  ctx: ServiceContext,
  accountId: string,
  input: SsoConnectionRequest,
): Promise<SsoConnection> {
  await getAccount(ctx, accountId);
  const existing = await findSsoConnection(ctx, accountId);
  const now = ctx.clock.now();
  let settings: OidcSettings | SamlSettings;
  let clientSecret: string | null = null;
  if (input.protocol === 'oidc') {
    checkUrl(ctx, 'oidc.issuer', input.oidc.issuer);
    settings = { issuer: input.oidc.issuer.replace(/\/+$/, ''), clientId: input.oidc.clientId };
    clientSecret =
      input.oidc.clientSecret !== undefined
        ? ctx.secrets.dataKey.encrypt(input.oidc.clientSecret)
        : existing?.protocol === 'oidc'
          ? existing.clientSecret
          : null;
  } else {
    checkUrl(ctx, 'saml.ssoUrl', input.saml.ssoUrl);
    settings = { ...input.saml, certificate: input.saml.certificate.trim() };
  }
  const sameDomain = existing?.domain === input.domain;
  const row: SsoConnectionRow = {
    accountId,
    protocol: input.protocol,
    domain: input.domain,
    verificationToken: sameDomain ? existing.verificationToken : newSecret('', 18),
    domainVerifiedAt: sameDomain ? existing.domainVerifiedAt : null,
    settings,
    clientSecret,
    defaultRole: input.defaultRole ?? 'member',
    requireSso: input.requireSso ?? false,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  const { accountId: _key, ...changes } = row;
  await ctx.db
    .insert(ssoConnections)
    .values(row)
    .onConflictDoUpdate({ target: ssoConnections.accountId, set: changes });
  return ssoConnectionView(row);
}

export async function deleteSsoConnection(ctx: ServiceContext, accountId: string): Promise<void> {
  const gone = await ctx.db
    .delete(ssoConnections)
    .where(eq(ssoConnections.accountId, accountId))
    .returning({ accountId: ssoConnections.accountId });
  if (gone.length === 0) throw notConfigured('this account has no single sign-on connection');
}

export const notConfigured = (message: string) => new DomainError('sso_not_configured', message);

/** The TXT strings published at `domain` (each record's chunks joined), from the configured resolvers. */
async function txtRecords(ctx: ServiceContext, domain: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (ctx.config.sso.dnsServers) resolver.setServers(ctx.config.sso.dnsServers);
  try {
    return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
    throw new DomainError(
      'sso_domain_unverified',
      `the DNS lookup of ${domain} failed (${code ?? String(err)}); try again later`,
    );
  }
}

/**
 * Proves the account controls the domain: its DNS must publish the TXT record `countersign-verification=<token>`
 * (the token of this connection). A domain verified by another account is refused: one domain, one IdP.
 */
export async function verifySsoDomain(
  ctx: ServiceContext,
  accountId: string,
  alsoInTransaction?: (verified: SsoConnection) => Promise<void>,
): Promise<SsoConnection> {
  const row = await findSsoConnection(ctx, accountId);
  if (!row) throw notConfigured('set up single sign-on (PUT /api/account/sso) before verifying its domain');
  const expected = VERIFICATION_PREFIX + row.verificationToken;
  const found = await txtRecords(ctx, row.domain);
  if (!found.includes(expected)) {
    throw new DomainError(
      'sso_domain_unverified',
      `no TXT record "${expected}" at ${row.domain} (found ${found.length} TXT record${found.length === 1 ? '' : 's'}); ` +
        'DNS changes can take a while to be seen: try again in a few minutes',
    );
  }
  // The check that no other account holds the domain and the mark are one transaction: two accounts verifying
  // one domain at once cannot both win.
  return await ctx.db.transaction(async () => {
    const [taken] = await ctx.db
      .select({ accountId: ssoConnections.accountId })
      .from(ssoConnections)
      .where(
        and(
          eq(ssoConnections.domain, row.domain),
          isNotNull(ssoConnections.domainVerifiedAt),
          ne(ssoConnections.accountId, accountId),
        ),
      )
      .limit(1);
    if (taken) {
      throw new DomainError(
        'sso_domain_taken',
        `${row.domain} is already verified for single sign-on by another account`,
      );
    }
    const now = ctx.clock.now();
    const [updated] = await ctx.db
      .update(ssoConnections)
      .set({ domainVerifiedAt: row.domainVerifiedAt ?? now })
      .where(
        and(
          eq(ssoConnections.accountId, accountId),
          eq(ssoConnections.verificationToken, row.verificationToken),
        ),
      )
      .returning();
    if (!updated)
      throw new DomainError('sso_domain_unverified', 'the connection changed meanwhile; verify again');
    const view = ssoConnectionView(updated);
    await alsoInTransaction?.(view);
    return view;
  });
}

/** Turns "require single sign-on" off (the operator's recovery path, `pnpm cli sso disable`). */
export async function disableRequiredSso(ctx: ServiceContext, accountId: string): Promise<boolean> {
  const changed = await ctx.db
    .update(ssoConnections)
    .set({ requireSso: false, updatedAt: ctx.clock.now() })
    .where(eq(ssoConnections.accountId, accountId))
    .returning({ accountId: ssoConnections.accountId });
  return changed.length > 0;
}

/**
 * Refuses an emailed link or a passkey to a member whose account requires single sign-on for their address
 * (a verified domain). Owners keep them: the break-glass path when the identity provider is down or misset.
 */
export async function assertSignInWithoutSsoAllowed(
  ctx: ServiceContext,
  member: { accountId: string; email: string; role: MemberRole },
): Promise<void> {
  if (member.role === 'owner') return;
  const row = await findSsoConnection(ctx, member.accountId);
  if (!row?.requireSso || row.domainVerifiedAt === null || emailDomain(member.email) !== row.domain) return;
  throw new DomainError(
    'sso_required',
    `this account requires single sign-on for ${row.domain} addresses: choose "Sign in with single sign-on" ` +
      `and enter ${member.email}`,
  );
}

/** The member an SSO sign-in names, created with the connection's default role on their first one (JIT). */
export async function memberForSso(
  ctx: ServiceContext,
  row: SsoConnectionRow,
  email: string,
  name: string | null,
): Promise<MemberRow> {
  const address = email.trim().toLowerCase();
  if (emailDomain(address) !== row.domain) {
    throw new DomainError(
      'sso_failed',
      `the identity provider signed in ${address}, which is not at ${row.domain}, the domain of this connection`,
    );
  }
  const now = ctx.clock.now();
  await ctx.db
    .insert(members)
    .values(newMemberRow(ctx, row.accountId, { email: address, name, role: row.defaultRole }))
    .onConflictDoNothing();
  const [member] = await ctx.db
    .update(members)
    .set({ lastSignInAt: now })
    .where(and(eq(members.accountId, row.accountId), eq(members.email, address)))
    .returning();
  return member!;
}
