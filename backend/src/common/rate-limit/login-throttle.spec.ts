import { addressKey } from './login-throttle';

describe('the client address a sign-in is counted against', () => {
  it('is the IPv4 address, also when written IPv4-mapped', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address: its holder has every address in it', () => {
    const key = addressKey('2001:db8:85a3:1:8a2e:370:7334:1');
    expect(key).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:0db8:85a3:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8:85a3:1::42')).toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:85a3:2::1')).not.toBe(key);
  });
});
