/**
 * The one rule for an origin that may frame an account's signing pages: the branding API refuses what it
 * breaks, and the signing page leaves out of `frame-ancestors` (and of its `postMessage` targets) any stored
 * value that breaks it. An exact origin: scheme, host, optional port; no path, query, fragment, credentials or
 * wildcard; https, or http on a loopback host (a developer's machine).
 */

/** DNS labels or an IPv4 address, or a bracketed IPv6 address: nothing a CSP source list would split on. */
const HOSTNAME = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/** `localhost`, 127.0.0.0/8 and `[::1]`, as `URL` spells a hostname. */
const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/**
 * What is wrong with `value` as a frame origin, in words for an error message; undefined when it is one.
 *
 * @example
 * frameOriginProblem('https://app.example.com') // undefined
 * frameOriginProblem('https://*.example.com')   // 'must not contain a wildcard (*)'
 */
export function frameOriginProblem(value: string): string | undefined {
  if (value.includes('*')) return 'must not contain a wildcard (*)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return 'must use https (http only for localhost, 127.0.0.0/8 or [::1])';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https';
  if (!HOSTNAME.test(url.hostname)) return 'must have a plain host name (letters, digits, dots, hyphens)';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.origin !== value) return `must be the exact origin ${url.origin} (no path, query or fragment)`;
  return undefined;
}

export const isFrameOrigin = (value: string): boolean => frameOriginProblem(value) === undefined;
