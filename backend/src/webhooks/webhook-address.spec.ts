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
      expect([address, isAllowedAddress(address, false)]).toEqual([address, false]);
    for (const address of [
      '93.184.216.34',
      '2606:2800:220:1:248:1893:25c8:1946',
      '::ffff:93.184.216.34',
    ])
      expect([address, isAllowedAddress(address, false)]).toEqual([address, true]);
  });

  it('allows loopback where loopback is allowed, and nothing else private', () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('not an address', true)).toBe(false);
  });

  it('resolves a name once and refuses it if it resolves to loopback in production', async () => {
    const production = { production: true, allowLoopback: false };
    const development = { production: false, allowLoopback: true };
    await expect(checkWebhookTarget('https://localhost/hooks', production)).rejects.toThrow(
      RefusedWebhookUrl,
    );
    await expect(checkWebhookTarget('http://93.184.216.34/hooks', production)).rejects.toThrow(
      /https/,
    );
    await expect(
      checkWebhookTarget('http://localhost:9/hooks', development),
    ).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
    await expect(checkWebhookTarget('https://[::ffff:7f00:1]/', production)).rejects.toThrow(
      /may not reach/,
    );
  });

  it('lets production reach loopback, by http too, only with WEBHOOK_ALLOW_LOOPBACK', async () => {
    const policy = { production: true, allowLoopback: true };
    await expect(checkWebhookTarget('http://127.0.0.1:9/hooks', policy)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(checkWebhookTarget('http://93.184.216.34/hooks', policy)).rejects.toThrow(/https/);
    await expect(checkWebhookTarget('https://10.0.0.1/hooks', policy)).rejects.toThrow(
      /may not reach/,
    );
  });
});
