import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('clientKey', () => {
  it('counts an IPv4 address as itself, also when a dual-stack socket writes it as IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:198.51.100.1')).toBe('198.51.100.1');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const key = '2001:db8:85a3:1234::/64';
    for (const address of [
      '2001:db8:85a3:1234::1',
      '2001:0db8:85a3:1234:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:1234:0:0:0:2',
      '2001:db8:85a3:1234:abcd::9%eth0',
    ])
      expect(clientKey(address)).toBe(key);
  });

  it('tells neighbouring /64s apart', () => {
    expect(clientKey('2001:db8:85a3:1235::1')).not.toBe(clientKey('2001:db8:85a3:1234::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else (no address known) as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
