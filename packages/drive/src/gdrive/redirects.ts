import { discardBody } from './body.ts';

const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A redirect we will not follow; the caller reports the drive as unavailable. */
export class RedirectRefusedError extends Error {}

export interface RedirectPolicy {
  /** Origin of the Drive API: the bearer token is sent to it only. */
  baseOrigin: string;
  protocol: string;
  /** `URL.host` values (host, plus port when not the default). */
  allowedHosts: ReadonlySet<string>;
}

/**
 * GET that follows at most 3 redirects, each only to an allowed host over the API's protocol.
 * Like the fetch standard, the Authorization header is dropped once the request leaves the API origin.
 */
export async function getFollowingRedirects(
  fetchFn: typeof fetch,
  url: URL,
  accessToken: string,
  policy: RedirectPolicy,
  signal: AbortSignal,
): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const headers: Record<string, string> = {};
    if (current.origin === policy.baseOrigin) headers.authorization = `Bearer ${accessToken}`;
    const res = await fetchFn(current, { headers, redirect: 'manual', signal });
    if (!REDIRECT_STATUSES.has(res.status)) return res;
    await discardBody(res);
    if (hop === MAX_REDIRECTS) throw new RedirectRefusedError(`more than ${MAX_REDIRECTS} redirects`);
    const location = res.headers.get('location');
    if (location === null) throw new RedirectRefusedError('redirect without a location');
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new RedirectRefusedError('redirect to an invalid location');
    }
    if (next.protocol !== policy.protocol || !policy.allowedHosts.has(next.host)) {
      throw new RedirectRefusedError(`redirect to a host that is not allowed (${next.host})`);
    }
    current = next;
  }
}
