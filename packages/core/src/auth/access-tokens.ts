import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  activeRefreshTokenGrant,
  findActiveRefreshToken,
  parseScopes,
  touchRefreshToken,
} from '../accounts/refresh-tokens.ts';
import type { ServiceContext } from '../context.ts';
import { newId, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { countHits, recordHit } from '../support/rate-limit.ts';
import { type Principal, tokenPrincipal } from './principal.ts';

/** RFC 9068 access-token type, checked on verify so no other JWT of ours can pass as one. */
const TOKEN_TYPE = 'at+jwt';
const AUDIENCE = 'countersign-api';
const ALGORITHM = 'HS256';

/** Failed refresh-token exchanges tolerated per client address and minute before 429. */
export const TOKEN_FAILURES_PER_MINUTE = 20;
const WINDOW_MS = 60_000;

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface BearerIdentity {
  accountId: string;
  refreshTokenId: string;
  /** Minted from a test refresh token: what it sends is a test session. */
  test: boolean;
}

/** Tokens whose signature and claims were checked already; an integrator reuses one for its whole life. */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /** Token hash -> identity and expiry (seconds) of tokens already verified. */
  private readonly cache = new Map<string, { identity: BearerIdentity; expiresAt: number }>();

  constructor(
    private readonly ctx: ServiceContext,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `POST /connect/token`: throttled per client address; unknown and revoked tokens look the same. */
  async exchange(presented: string, clientAddress: string): Promise<AccessTokenResponse> {
    const throttleKey = `token-failures:${clientAddress}`;
    const { count, resetAt } = await countHits(this.ctx, throttleKey, WINDOW_MS);
    if (count >= TOKEN_FAILURES_PER_MINUTE) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - this.ctx.clock.now()) / 1000));
      throw new DomainError(
        'rate_limited',
        'too many failed token exchanges; try again later',
        {},
        {
          'Retry-After': String(retryAfter),
        },
      );
    }
    const row = await findActiveRefreshToken(this.ctx, presented);
    if (!row) {
      await recordHit(this.ctx, throttleKey, WINDOW_MS);
      throw new DomainError('invalid_grant', 'the refresh token is unknown or revoked');
    }
    await touchRefreshToken(this.ctx, row.id);
    return this.issue(
      { accountId: row.accountId, refreshTokenId: row.id, test: row.test },
      parseScopes(row.scopes).join(' '),
    );
  }

  /**
   * `scope` (RFC 9068) tells a reader what the token could do when it was minted; each request is decided on
   * what its refresh token may do then (verify), so a narrowed or revoked token takes effect at once.
   */
  async issue(identity: BearerIdentity, scope?: string): Promise<AccessTokenResponse> {
    const ttl = this.ctx.config.accessTokenTtlSeconds;
    const now = Math.floor(this.ctx.clock.now() / 1000);
    const accessToken = await new SignJWT({
      rti: identity.refreshTokenId,
      ...(identity.test ? { tst: true } : {}),
      ...(scope === undefined ? {} : { scope }),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
      .setSubject(identity.accountId)
      .setIssuer(this.ctx.config.publicUrl)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .setJti(newId())
      .sign(this.key);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: ttl };
  }

  /**
   * Verifies signature, algorithm, type, issuer, audience and expiry, then that its refresh token still stands,
   * and reads what it may do now: the caller as `authorize` judges it.
   */
  async verify(token: string): Promise<Principal> {
    const identity = this.verified(token) ?? (await this.verifySignature(token));
    const grant = await activeRefreshTokenGrant(this.ctx, identity.accountId, identity.refreshTokenId);
    if (!grant) throw new DomainError('unauthorized', 'the access token was revoked');
    return tokenPrincipal(identity, grant);
  }

  /**
   * The identity of a token verified before and not expired since. Keyed by the token's hash, so what is kept
   * in memory is not a usable credential. The revocation check still runs on every request.
   */
  private verified(token: string): BearerIdentity | undefined {
    const key = sha256Hex(token);
    const hit = this.cache.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt * 1000 <= this.ctx.clock.now()) {
      this.cache.delete(key);
      return undefined;
    }
    return hit.identity;
  }

  private async verifySignature(token: string): Promise<BearerIdentity> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        typ: TOKEN_TYPE,
        issuer: this.ctx.config.publicUrl,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        currentDate: new Date(this.ctx.clock.now()),
      }));
    } catch (err) {
      const expired = err instanceof joseErrors.JWTExpired;
      throw new DomainError(
        'unauthorized',
        expired ? 'the access token has expired' : 'the access token is invalid',
      );
    }
    const accountId = payload.sub;
    const refreshTokenId = payload.rti;
    if (typeof accountId !== 'string' || typeof refreshTokenId !== 'string') {
      throw new DomainError('unauthorized', 'the access token is invalid');
    }
    const identity = { accountId, refreshTokenId, test: payload.tst === true };
    // Oldest first out; a bounded map, not an LRU: a token's first verification is cheap enough to repeat.
    if (this.cache.size >= VERIFIED_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(sha256Hex(token), { identity, expiresAt: payload.exp as number });
    return identity;
  }
}
