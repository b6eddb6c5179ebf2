import { checkWebhookTarget, isAllowedAddress, RefusedWebhookUrl } from './webhook-address';

describe('webhook addresses', () => {
  it('refuses every address that is not public unicast in production, IPv4 and IPv6', () => {
    const refused = [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '2002:a00:1::',
    ];
    for (const address of refused)
      expect([address, isAllowedAddress(address, true)]).toEqual([address, false]);
    for (const address of [
      '93.184.216.34',
      '2606:2800:220:1:248:1893:25c8:1946',
      '::ffff:93.184.216.34',
    ])
      expect([address, isAllowedAddress(address, true)]).toEqual([address, true]);
  });

  it('allows loopback outside production, and nothing else private', () => {
    expect(isAllowedAddress('127.0.0.1', false)).toBe(true);
    expect(isAllowedAddress('::1', false)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', false)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('not an address', false)).toBe(false);
  });

  it('resolves a name once and refuses it if it resolves to loopback in production', async () => {
    await expect(checkWebhookTarget('https://localhost/hooks', true)).rejects.toThrow(
      RefusedWebhookUrl,
    );
    await expect(checkWebhookTarget('http://93.184.216.34/hooks', true)).rejects.toThrow(/https/);
    await expect(checkWebhookTarget('http://localhost:9/hooks', false)).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
    await expect(checkWebhookTarget('https://[::ffff:7f00:1]/', true)).rejects.toThrow(
      /may not reach/,
    );
  });
});
