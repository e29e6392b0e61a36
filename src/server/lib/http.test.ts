import { describe, expect, it } from 'vitest';
import { limitedAddress } from './http';

describe('the subject of a per-address rate limit', () => {
  it('is an IPv4 address as it is, also when a dual-stack socket writes it as IPv6', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however the address is written', () => {
    for (const ip of ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::ffff', '2001:DB8:1:2:0:0:0:1', '2001:0db8:0001:0002::']) expect(limitedAddress(ip)).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitedAddress('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('leaves what is no address as it is (a count of its own)', () => {
    expect(limitedAddress('unknown')).toBe('unknown');
  });
});
