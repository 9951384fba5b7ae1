import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  findActiveRefreshToken,
  isRefreshTokenActive,
  touchRefreshToken,
} from '../accounts/refresh-tokens.ts';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { countHits, recordHit } from '../support/rate-limit.ts';

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
}

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    private readonly ctx: ServiceContext,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `POST /connect/token`: throttled per client address; unknown and revoked tokens look the same. */
  async exchange(presented: string, clientAddress: string): Promise<AccessTokenResponse> {
    const throttleKey = `token-failures:${clientAddress}`;
    const { count, resetAt } = countHits(this.ctx, throttleKey, WINDOW_MS);
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
    const row = findActiveRefreshToken(this.ctx, presented);
    if (!row) {
      recordHit(this.ctx, throttleKey, WINDOW_MS);
      throw new DomainError('invalid_grant', 'the refresh token is unknown or revoked');
    }
    touchRefreshToken(this.ctx, row.id);
    return this.issue({ accountId: row.accountId, refreshTokenId: row.id });
  }

  async issue(identity: BearerIdentity): Promise<AccessTokenResponse> {
    const ttl = this.ctx.config.accessTokenTtlSeconds;
    const now = Math.floor(this.ctx.clock.now() / 1000);
    const accessToken = await new SignJWT({ rti: identity.refreshTokenId })
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

  /** Verifies signature, algorithm, type, issuer, audience and expiry, then that its refresh token still stands. */
  async verify(token: string): Promise<BearerIdentity> {
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
    if (!isRefreshTokenActive(this.ctx, accountId, refreshTokenId)) {
      throw new DomainError('unauthorized', 'the access token was revoked');
    }
    return { accountId, refreshTokenId };
  }
}
