import type { TokenResponse } from './types.ts';

/**
 * The access token of one refresh token: exchanged on first use, renewed `renewBeforeMs` before it expires
 * (at most half its lifetime early), and single-flight: however many calls find it due, one exchange runs
 * and all of them wait for it.
 */
export class AccessTokens {
  private current: { token: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly exchange: () => Promise<TokenResponse>,
    private readonly now: () => number,
    private readonly renewBeforeMs: number,
  ) {}

  /** A token good for at least `renewBeforeMs` more (or half its lifetime). */
  get(): Promise<string> {
    if (this.current && this.now() < this.current.renewAt) return Promise.resolve(this.current.token);
    this.pending ??= this.renew();
    return this.pending;
  }

  /** Forgets `token` after the API refused it (revoked, or the server's key changed): the next get renews. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = null;
  }

  private async renew(): Promise<string> {
    try {
      // The lifetime counts from before the request: the server minted the token no earlier than that.
      const started = this.now();
      const answer = await this.exchange();
      const lifetimeMs = answer.expires_in * 1000;
      this.current = {
        token: answer.access_token,
        renewAt: started + lifetimeMs - Math.min(this.renewBeforeMs, lifetimeMs / 2),
      };
      return answer.access_token;
    } finally {
      this.pending = null;
    }
  }
}
