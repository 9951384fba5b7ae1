import { describe, expect, it } from 'vitest';
import { assertPublicUrl, UnsafeWebhookTargetError } from '../src/index.ts';

async function refusal(url: string, allowPrivate = false): Promise<string> {
  try {
    await assertPublicUrl(url, { allowPrivate });
    return 'allowed';
  } catch (err) {
    if (err instanceof UnsafeWebhookTargetError) return err.code;
    throw err;
  }
}

const BLOCKED: [range: string, hosts: string[]][] = [
  ['loopback 127/8', ['127.0.0.1', '127.255.0.9', '0x7f.1', '2130706433']],
  ['private 10/8', ['10.0.0.1', '10.255.255.255']],
  ['private 172.16/12', ['172.16.0.1', '172.31.255.254']],
  ['private 192.168/16', ['192.168.0.1', '192.168.255.255']],
  ['link-local 169.254/16 and the metadata address', ['169.254.0.1', '169.254.169.254']],
  ['CGNAT 100.64/10', ['100.64.0.1', '100.127.255.254']],
  ['this network 0/8', ['0.0.0.0', '0.1.2.3']],
  ['multicast 224/4', ['224.0.0.1', '239.255.255.250']],
  ['reserved 240/4 and broadcast', ['240.0.0.1', '255.255.255.255']],
  ['documentation and benchmarking', ['192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1']],
  ['IPv6 loopback and unspecified', ['[::1]', '[::]']],
  ['IPv6 unique local fc00::/7', ['[fc00::1]', '[fd12:3456::1]']],
  ['IPv6 link-local fe80::/10', ['[fe80::1]', '[febf::ffff]']],
  ['IPv6 multicast', ['[ff02::1]']],
  ['IPv6 documentation', ['[2001:db8::1]']],
  [
    'IPv4-mapped IPv6 of blocked ranges',
    [
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:10.0.0.1]',
      '[::ffff:169.254.169.254]',
      '[::ffff:192.168.1.1]',
    ],
  ],
  ['NAT64 and 6to4 of blocked ranges', ['[64:ff9b::10.0.0.1]', '[2002:c0a8:0101::1]']],
];

describe('assertPublicUrl', () => {
  for (const [range, hosts] of BLOCKED) {
    it(`refuses ${range}`, async () => {
      for (const host of hosts) {
        expect(await refusal(`https://${host}/hooks`), host).toBe('private_address');
      }
    });
  }

  it('refuses localhost after resolving it', async () => {
    expect(await refusal('http://localhost:8080/hooks')).toBe('private_address');
  });

  it('accepts public addresses, IPv4-mapped public ones included', async () => {
    for (const host of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '[2606:4700:4700::1111]',
      '[::ffff:8.8.8.8]',
      '[64:ff9b::8.8.8.8]',
    ]) {
      expect(await refusal(`https://${host}/hooks`), host).toBe('allowed');
    }
  });

  it('refuses other protocols, credentials and non-URLs', async () => {
    expect(await refusal('ftp://8.8.8.8/x')).toBe('unsupported_protocol');
    expect(await refusal('file:///etc/passwd')).toBe('unsupported_protocol');
    expect(await refusal('https://user:pass@8.8.8.8/x')).toBe('credentials_in_url');
    expect(await refusal('https://token@8.8.8.8/x')).toBe('credentials_in_url');
    expect(await refusal('not a url')).toBe('invalid_url');
  });

  it('reports the range and address', async () => {
    const err = await assertPublicUrl('http://169.254.169.254/latest/meta-data', {
      allowPrivate: false,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsafeWebhookTargetError);
    expect((err as UnsafeWebhookTargetError).address).toBe('169.254.169.254');
    expect((err as UnsafeWebhookTargetError).message).toContain('link-local');
  });

  it('with allowPrivate checks only the shape', async () => {
    expect(await refusal('http://127.0.0.1:3000/hooks', true)).toBe('allowed');
    expect(await refusal('http://localhost:3000/hooks', true)).toBe('allowed');
    expect(await refusal('http://u:p@127.0.0.1/hooks', true)).toBe('credentials_in_url');
    expect(await refusal('gopher://127.0.0.1/', true)).toBe('unsupported_protocol');
  });
});
