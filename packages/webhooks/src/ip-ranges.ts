import { isIPv4, isIPv6 } from 'node:net';

type Range = readonly [prefix: readonly number[], bits: number, label: string];

// IANA special-purpose IPv4 registry, the parts no webhook receiver may live in.
const IPV4_BLOCKED: readonly Range[] = [
  [[0], 8, 'this network (0.0.0.0/8)'],
  [[10], 8, 'private (10.0.0.0/8)'],
  [[100, 64], 10, 'carrier-grade NAT (100.64.0.0/10)'],
  [[127], 8, 'loopback (127.0.0.0/8)'],
  [[169, 254], 16, 'link-local (169.254.0.0/16)'],
  [[172, 16], 12, 'private (172.16.0.0/12)'],
  [[192, 0, 0], 24, 'IETF protocol assignments (192.0.0.0/24)'],
  [[192, 0, 2], 24, 'documentation (192.0.2.0/24)'],
  [[192, 88, 99], 24, '6to4 relay (192.88.99.0/24)'],
  [[192, 168], 16, 'private (192.168.0.0/16)'],
  [[198, 18], 15, 'benchmarking (198.18.0.0/15)'],
  [[198, 51, 100], 24, 'documentation (198.51.100.0/24)'],
  [[203, 0, 113], 24, 'documentation (203.0.113.0/24)'],
  [[224], 4, 'multicast (224.0.0.0/4)'],
  [[240], 4, 'reserved (240.0.0.0/4)'],
];

// Special ranges inside global unicast 2000::/3; everything outside 2000::/3 is refused
// (loopback, unspecified, ULA fc00::/7, link-local fe80::/10, multicast ff00::/8, ...)
// except the two prefixes that carry an IPv4 address, which is checked instead.
const IPV6_BLOCKED_IN_GLOBAL: readonly Range[] = [
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation (2001:db8::/32)'],
  [[0x20, 0x01, 0x00], 23, 'IETF protocol assignments incl. Teredo (2001::/23)'],
  [[0x3f, 0xff, 0x00], 20, 'documentation (3fff::/20)'],
];

function inRange(bytes: Uint8Array, [prefix, bits]: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIPv4(ip: string): Uint8Array {
  return Uint8Array.from(ip.split('.').map(Number));
}

/** 16 bytes of a valid IPv6 literal (zone id and a trailing dotted quad allowed). */
function parseIPv6(ip: string): Uint8Array {
  let text = ip.split('%')[0] ?? '';
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = parseIPv4(dotted[2] ?? '');
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves[1] ? halves[1].split(':') : [];
  const fill = halves.length > 1 ? 8 - left.length - right.length : 0;
  const groups = [...left, ...new Array<string>(fill).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

function ipv4Reason(bytes: Uint8Array): string | null {
  return IPV4_BLOCKED.find((r) => inRange(bytes, r))?.[2] ?? null;
}

function ipv6Reason(bytes: Uint8Array): string | null {
  const embedded = (offset: number, via: string) => {
    const reason = ipv4Reason(bytes.subarray(offset, offset + 4));
    return reason === null ? null : `${via} of ${reason}`;
  };
  if (inRange(bytes, [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, '']))
    return embedded(12, 'IPv4-mapped');
  if (inRange(bytes, [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, '']))
    return embedded(12, 'NAT64');
  if (inRange(bytes, [[0x20, 0x02], 16, ''])) return embedded(2, '6to4');
  if (bytes.every((b, i) => (i < 15 ? b === 0 : b <= 1))) {
    return bytes[15] === 1 ? 'loopback (::1)' : 'unspecified (::)';
  }
  if (inRange(bytes, [[0xfc], 7, ''])) return 'unique local (fc00::/7)';
  if (inRange(bytes, [[0xfe, 0x80], 10, ''])) return 'link-local (fe80::/10)';
  if (inRange(bytes, [[0xff], 8, ''])) return 'multicast (ff00::/8)';
  if (!inRange(bytes, [[0x20], 3, ''])) return 'reserved (outside 2000::/3)';
  return IPV6_BLOCKED_IN_GLOBAL.find((r) => inRange(bytes, r))?.[2] ?? null;
}

/**
 * Why `ip` must not be a webhook target (e.g. "loopback (127.0.0.0/8)"), or null for a
 * public address. Anything that is not an IP literal is refused too.
 */
export function nonPublicReason(ip: string): string | null {
  if (isIPv4(ip)) return ipv4Reason(parseIPv4(ip));
  if (isIPv6(ip)) return ipv6Reason(parseIPv6(ip));
  return 'not an IP address';
}
