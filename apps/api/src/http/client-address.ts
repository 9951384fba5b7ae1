import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address for throttling and audit. Without trusted proxies, the socket's peer, which a client
 * cannot forge. Behind `trustedProxies` proxies, the X-Forwarded-For entry that many places from the right:
 * each proxy appends the address it saw, so entries further left are whatever the client sent.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const entries = c.req.header('x-forwarded-for')?.split(',');
    if (entries?.length) {
      const chosen = entries[Math.max(0, entries.length - trustedProxies)]?.trim();
      if (chosen) return chosen;
    }
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}
