import { z } from 'zod';
import { raceAbort } from './abort.ts';
import { discardBody, readErrorJson } from './body.ts';

/** The token exchange failed; `reason` is safe to show (never the token or secret). */
export class TokenExchangeError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`token exchange failed: ${reason}`, options);
  }
}

export interface TokenSource {
  readonly canRefresh: boolean;
  get(signal: AbortSignal): Promise<string>;
  /** Drops `token` from the cache if it is still the cached one (a 401 proved it dead). */
  invalidate(token: string): void;
}

export function staticTokenSource(accessToken: string): TokenSource {
  return { canRefresh: false, get: async () => accessToken, invalidate: () => {} };
}

// Renew a minute early so a token never expires between our check and Drive's.
const EXPIRY_MARGIN_MS = 60_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

export interface RefreshTokenOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/**
 * Exchanges the refresh token (RFC 6749 section 6) and caches the access token until shortly
 * before it expires. Concurrent callers share one exchange; each still waits only as long as
 * its own deadline allows.
 */
export function refreshTokenSource(opts: RefreshTokenOptions): TokenSource {
  let cached: { token: string; expiresAt: number } | undefined;
  let inflight: Promise<string> | undefined;

  async function exchange(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: opts.clientId,
      client_secret: opts.clientSecret,
      refresh_token: opts.refreshToken,
    });
    let res: Response;
    try {
      res = await opts.fetch(opts.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      throw new TokenExchangeError('token endpoint unreachable or too slow', { cause: err });
    }
    if (!res.ok) {
      const answer = await readErrorJson(res);
      const code = (answer as { error?: unknown } | undefined)?.error;
      const detail = typeof code === 'string' ? ` ${code}` : '';
      throw new TokenExchangeError(`token endpoint answered ${res.status}${detail}`);
    }
    let parsed: z.infer<typeof tokenAnswer>;
    try {
      parsed = tokenAnswer.parse(await res.json());
    } catch (err) {
      await discardBody(res);
      throw new TokenExchangeError('token endpoint gave no access token', { cause: err });
    }
    // Without expires_in, keep the token until Drive rejects it (the 401 path renews it).
    const lifetimeMs = parsed.expires_in === undefined ? Number.POSITIVE_INFINITY : parsed.expires_in * 1000;
    cached = { token: parsed.access_token, expiresAt: Date.now() + lifetimeMs - EXPIRY_MARGIN_MS };
    return parsed.access_token;
  }

  return {
    canRefresh: true,
    get(signal) {
      if (cached && Date.now() < cached.expiresAt) return Promise.resolve(cached.token);
      if (!inflight) {
        inflight = exchange().finally(() => {
          inflight = undefined;
        });
      }
      return raceAbort(inflight, signal);
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}
