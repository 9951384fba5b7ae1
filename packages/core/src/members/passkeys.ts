import { accounts, members, passkeys } from '@countersign/db';
import type {
  PasskeyAuthenticationResponseSchema,
  PasskeyRegistrationResponseSchema,
} from '@countersign/schemas';
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { assertSignInWithoutSsoAllowed } from '../sso/connections.ts';
import { newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import type { MemberIdentity } from './member-sessions.ts';
import type { MemberRow } from './members.ts';
import {
  PASSKEY_REGISTRATIONS_PER_MEMBER,
  PASSKEY_SIGN_INS_PER_CLIENT,
  PASSKEYS_PER_MEMBER_MAX,
  SIGN_IN_WINDOW_MS,
} from './policy.ts';
import { throttle } from './throttle.ts';
import { keepChallenge, passkeyFailed, relyingParty, spendChallenge } from './webauthn-challenges.ts';

type RegistrationResponse = z.output<typeof PasskeyRegistrationResponseSchema>;
type AuthenticationResponse = z.output<typeof PasskeyAuthenticationResponseSchema>;
type PasskeyRow = typeof passkeys.$inferSelect;

/** EdDSA, ES256, RS256: what platform authenticators and security keys create (fixed, not the library's default). */
const ALGORITHMS = [-8, -7, -257];

/** The WebAuthn user handle of a member: their id, so a discoverable credential names the member it is for. */
const userHandleOf = (memberId: string) => isoUint8Array.fromUTF8String(memberId);

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export const passkeyView = (p: PasskeyRow) => ({
  passkeyId: p.id,
  label: p.label ?? 'Passkey',
  createdAt: iso(p.createdAt)!,
  lastUsedAt: iso(p.lastUsedAt),
});

const memberPasskeys = (ctx: ServiceContext, memberId: string) =>
  ctx.db.select().from(passkeys).where(eq(passkeys.memberId, memberId)).orderBy(asc(passkeys.createdAt));

export async function listPasskeys(ctx: ServiceContext, memberId: string) {
  return (await memberPasskeys(ctx, memberId)).map(passkeyView);
}

/**
 * Options for `navigator.credentials.create()`: a discoverable credential (so sign-in needs no email) for the
 * signed-in member, excluding the ones they hold already. Named after the account too, as one person may be a
 * member of several.
 */
export async function passkeyRegistrationOptions(ctx: ServiceContext, who: MemberIdentity) {
  await throttle(
    ctx,
    `passkey:register:${who.memberId}`,
    PASSKEY_REGISTRATIONS_PER_MEMBER,
    SIGN_IN_WINDOW_MS,
    'passkey registrations',
  );
  const [account] = await ctx.db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, who.accountId));
  const existing = await memberPasskeys(ctx, who.memberId);
  const options = await generateRegistrationOptions({
    rpName: 'Countersign',
    rpID: relyingParty(ctx).id,
    userName: who.email,
    userID: userHandleOf(who.memberId),
    userDisplayName: `${who.email} (${account?.name ?? 'Countersign'})`,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: (p.transports as AuthenticatorTransport[] | null) ?? undefined,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await keepChallenge(ctx, options.challenge, 'registration', who.memberId);
  return options;
}

/** Verifies the browser's new credential against the member's challenge and keeps it. */
export async function registerPasskey(
  ctx: ServiceContext,
  who: MemberIdentity,
  input: { label?: string | undefined; response: RegistrationResponse },
) {
  const challenge = await spendChallenge(
    ctx,
    input.response.response.clientDataJSON,
    'registration',
    who.memberId,
  );
  const rp = relyingParty(ctx);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (err) {
    throw passkeyFailed(err instanceof Error ? err.message : String(err));
  }
  if (!verified.verified) throw passkeyFailed('the attestation did not verify');
  const { credential } = verified.registrationInfo;
  const [held] = await ctx.db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.memberId, who.memberId));
  const n = held?.n ?? 0;
  if (n >= PASSKEYS_PER_MEMBER_MAX) {
    throw new DomainError(
      'invalid_request',
      `a member holds at most ${PASSKEYS_PER_MEMBER_MAX} passkeys; remove one first`,
    );
  }
  const [taken] = await ctx.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credential.id));
  if (taken) throw passkeyFailed('this passkey is registered already');
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      id: newId(),
      memberId: who.memberId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      label: input.label?.trim() || `Passkey ${n + 1}`,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return passkeyView(row!);
}

async function ownPasskey(ctx: ServiceContext, memberId: string, passkeyId: string): Promise<PasskeyRow> {
  const [row] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.memberId, memberId)));
  if (!row) throw new DomainError('passkey_not_found', `passkey ${passkeyId} not found`);
  return row;
}

export async function renamePasskey(ctx: ServiceContext, memberId: string, passkeyId: string, label: string) {
  await ownPasskey(ctx, memberId, passkeyId);
  const [row] = await ctx.db
    .update(passkeys)
    .set({ label: label.trim() })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.memberId, memberId)))
    .returning();
  return passkeyView(row!);
}

/** Removes one of the member's passkeys: signing in with it fails from then on. */
export async function removePasskey(ctx: ServiceContext, memberId: string, passkeyId: string): Promise<void> {
  const [row] = await ctx.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.memberId, memberId)))
    .returning({ id: passkeys.id });
  if (!row) throw new DomainError('passkey_not_found', `passkey ${passkeyId} not found`);
}

/** Options for `navigator.credentials.get()`: no credential list, the browser offers what it holds for the site. */
export async function passkeySignInOptions(ctx: ServiceContext, client: string) {
  await throttle(
    ctx,
    `passkey:sign-in:client:${client}`,
    PASSKEY_SIGN_INS_PER_CLIENT,
    SIGN_IN_WINDOW_MS,
    'passkey sign-ins',
  );
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    userVerification: 'preferred',
  });
  await keepChallenge(ctx, options.challenge, 'authentication', null);
  return options;
}

/**
 * The member a passkey assertion signs in: its challenge spent, the credential registered (not removed), the
 * signature good for that credential's key and origin, and its counter moved on (a cloned authenticator's
 * replayed counter is refused by the library); then the counter and last use are recorded.
 */
export async function signInWithPasskey(
  ctx: ServiceContext,
  response: AuthenticationResponse,
): Promise<MemberRow> {
  const challenge = await spendChallenge(ctx, response.response.clientDataJSON, 'authentication', null);
  const [found] = await ctx.db
    .select({ passkey: passkeys, member: members })
    .from(passkeys)
    .innerJoin(members, eq(members.id, passkeys.memberId))
    .where(eq(passkeys.credentialId, response.id));
  if (!found) {
    throw passkeyFailed(
      'this passkey is not registered here (it may have been removed); sign in with an emailed link',
    );
  }
  const { passkey, member } = found;
  await assertSignInWithoutSsoAllowed(ctx, member);
  if (response.response.userHandle !== undefined) {
    const handle = isoBase64URL.fromBuffer(userHandleOf(member.id));
    if (response.response.userHandle !== handle)
      throw passkeyFailed('the user handle does not match the passkey');
  }
  const rp = relyingParty(ctx);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: (passkey.transports as AuthenticatorTransport[] | null) ?? undefined,
      },
      requireUserVerification: false,
    });
  } catch (err) {
    throw passkeyFailed(err instanceof Error ? err.message : String(err));
  }
  if (!verified.verified) throw passkeyFailed('the signature did not verify');
  const now = ctx.clock.now();
  // Only from the counter just checked: of two answers racing with one counter value, one wins.
  const [moved] = await ctx.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (!moved) throw passkeyFailed('the passkey was used elsewhere at the same moment; try again');
  const [signedIn] = await ctx.db
    .update(members)
    .set({ lastSignInAt: now })
    .where(eq(members.id, member.id))
    .returning();
  return signedIn!;
}
