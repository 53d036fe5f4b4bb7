import {
  ADDRESS_NOT_ALLOWED,
  isPrivateAddress,
  resolveTarget,
  TargetRefused,
  UNREACHABLE,
} from './webhook-target';

describe(isPrivateAddress.name, () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe(resolveTarget.name, () => {
  it('checks the addresses a name resolves to, not the name', async () => {
    await expect(resolveTarget(new URL('http://localhost:1/'), false)).rejects.toBeInstanceOf(TargetRefused);
    await expect(resolveTarget(new URL('http://[::ffff:127.0.0.1]:1/'), false)).rejects.toThrow(
      ADDRESS_NOT_ALLOWED,
    );
    await expect(resolveTarget(new URL('http://localhost:1/'), true)).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
  });

  it('refuses a name that does not resolve, without the resolver error', async () => {
    await expect(resolveTarget(new URL('http://no-such-host.invalid/'), true)).rejects.toThrow(
      new TargetRefused(UNREACHABLE),
    );
  });
});
