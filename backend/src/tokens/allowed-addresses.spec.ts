import { addressProblem, isAllowedAddress } from './allowed-addresses';

describe('the addresses an API token may be used from', () => {
  it('takes IPv4 and IPv6 addresses and CIDR ranges', () => {
    for (const entry of ['203.0.113.9', '203.0.113.0/24', '2001:db8::1', '2001:db8::/32']) {
      expect(addressProblem(entry)).toBeUndefined();
    }
  });

  it('refuses what is not an address or a range, naming the entry', () => {
    expect(addressProblem('example.com')).toMatch(/"example.com" is not an IP address/);
    expect(addressProblem('203.0.113.0/33')).toMatch(/prefix length that is not 0 to 32/);
    expect(addressProblem('10.0.0.1/8/2')).toMatch(/not an IP address/);
    expect(addressProblem(42)).toMatch(/must be text/);
  });

  it('matches an address, a range, and IPv4 written IPv4-mapped', () => {
    expect(isAllowedAddress(['203.0.113.0/24'], '203.0.113.77')).toBe(true);
    expect(isAllowedAddress(['203.0.113.0/24'], '::ffff:203.0.113.77')).toBe(true);
    expect(isAllowedAddress(['203.0.113.9'], '203.0.113.10')).toBe(false);
    expect(isAllowedAddress(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(isAllowedAddress(['2001:db8::/32'], '203.0.113.9')).toBe(false);
  });

  it('allows every address when the list is empty, and none without an address', () => {
    expect(isAllowedAddress([], '198.51.100.1')).toBe(true);
    expect(isAllowedAddress(['127.0.0.1'], undefined)).toBe(false);
  });
});
