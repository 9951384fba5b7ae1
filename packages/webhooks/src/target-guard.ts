import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { isIP } from 'node:net';
import { UnsafeWebhookTargetError } from './errors.ts';
import { nonPublicReason } from './ip-ranges.ts';

export interface TargetPolicy {
  /** Allow loopback/private/link-local targets: for development and tests only. */
  allowPrivate: boolean;
}

/** URL checks that need no network: http(s), no credentials. Returns the parsed URL and bare host. */
export function checkTargetShape(url: string): { parsed: URL; host: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeWebhookTargetError('invalid_url', 'webhook URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UnsafeWebhookTargetError(
      'unsupported_protocol',
      `webhook URL must be http or https, not ${parsed.protocol}`,
    );
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new UnsafeWebhookTargetError('credentials_in_url', 'webhook URL must not carry credentials');
  }
  // WHATWG URL already turned 0x7f.1, 2130706433 and friends into dotted quads; IPv6 keeps brackets.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return { parsed, host };
}

export function assertPublicAddress(address: string, host: string): void {
  const reason = nonPublicReason(address);
  if (reason !== null) {
    const via = address === host ? '' : ` (${host} resolves to ${address})`;
    throw new UnsafeWebhookTargetError('private_address', `webhook target is ${reason}${via}`, address);
  }
}

function assertAllPublic(addresses: LookupAddress[], host: string): void {
  // Every answer must be public: a mixed answer would let the connection pick the private one.
  for (const { address } of addresses) assertPublicAddress(address, host);
}

/**
 * Refuses webhook URLs we must not call: not http(s), credentials in the URL, or a host
 * that is or resolves to a loopback, private, link-local, CGNAT, multicast or reserved
 * address (IPv4-mapped IPv6 included). With allowPrivate only the shape is checked.
 * Use it when an endpoint is registered; postWebhook checks again at connect time.
 */
export async function assertPublicUrl(url: string, policy: TargetPolicy): Promise<void> {
  const { host } = checkTargetShape(url);
  if (policy.allowPrivate) return;
  if (isIP(host)) {
    assertPublicAddress(host, host);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) => {
    lookup(host, { all: true }, (err, found) => {
      if (err)
        reject(
          new UnsafeWebhookTargetError('unresolvable', `cannot resolve ${host}: ${err.code ?? err.message}`),
        );
      else resolve(found);
    });
  });
  if (addresses.length === 0) throw new UnsafeWebhookTargetError('unresolvable', `${host} has no address`);
  assertAllPublic(addresses, host);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/http that refuses non-public answers, so the address checked is the
 * address connected to (a DNS answer that changes between check and connect cannot slip
 * through). Node skips `lookup` for IP literals: check those with assertPublicAddress.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    try {
      if (addresses.length === 0)
        throw new UnsafeWebhookTargetError('unresolvable', `${hostname} has no address`);
      assertAllPublic(addresses, hostname);
    } catch (guardErr) {
      return callback(guardErr as NodeJS.ErrnoException, '');
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
}
