import { JwtService } from '@nestjs/jwt';
import type { UserRow } from '../users/users.repository';
import { TokenService, VERIFIED_TOKENS_KEPT } from './token.service';

const user = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'user',
  provider: 'local',
  emailVerified: true,
  profilePictureUrl: null,
  gender: null,
  socialLinks: {},
} as unknown as UserRow;
const SID = '22222222-2222-4222-8222-222222222222';

describe(TokenService.name, () => {
  let jwt: JwtService;
  let sut: TokenService;
  let verifications: jest.SpyInstance;

  beforeEach(() => {
    jwt = new JwtService({
      secret: 'token-service-spec-secret-0123456789',
      signOptions: { expiresIn: 3600 },
    });
    sut = new TokenService(jwt);
    verifications = jest.spyOn(jwt, 'verifyAsync');
  });
  afterEach(() => jest.useRealTimers());

  it('checks a token’s signature once, then knows it', async () => {
    const token = await sut.sign(user, SID);
    const first = await sut.verify(token);
    const second = await sut.verify(token);
    expect(first).toMatchObject({ id: user.id, sid: SID });
    expect(second).toEqual(first);
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it('refuses a tampered copy of a known token, and a token signed with another secret', async () => {
    const token = await sut.sign(user, SID);
    await sut.verify(token);
    const [head, body, signature] = token.split('.');
    const flipped = signature[0] === 'A' ? 'B' : 'A';
    expect(await sut.verify(`${head}.${body}.${flipped}${signature.slice(1)}`)).toBeNull();
    const forged = await new JwtService({ secret: 'another-secret-0123456789abcdef' }).signAsync({
      id: user.id,
      sid: SID,
    });
    expect(await sut.verify(forged)).toBeNull();
  });

  it('refuses a known token from the second its expiry names', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const token = await sut.sign(user, SID, Math.floor(Date.now() / 1000) + 60);
    expect(await sut.verify(token)).not.toBeNull();
    jest.setSystemTime(new Date('2026-11-27T10:00:59Z'));
    expect(await sut.verify(token)).not.toBeNull();
    jest.setSystemTime(new Date('2026-11-27T10:01:00Z'));
    expect(await sut.verify(token)).toBeNull();
    expect(await sut.verify(token)).toBeNull(); // not kept either: jsonwebtoken refuses it too
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('keeps a bounded number of tokens, dropping the oldest', async () => {
    expect(VERIFIED_TOKENS_KEPT).toBe(10_000);
    class ThreeKept extends TokenService {
      protected override readonly capacity = 3;
    }
    sut = new ThreeKept(jwt);
    const [oldest, ...others] = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => sut.sign({ ...user, name }, SID)),
    );
    for (const token of [oldest, others[0], others[1]]) await sut.verify(token);
    await sut.verify(oldest);
    expect(verifications).toHaveBeenCalledTimes(3);
    await sut.verify(others[2]); // a fourth: the oldest goes
    verifications.mockClear();
    await sut.verify(others[2]);
    expect(verifications).not.toHaveBeenCalled();
    await sut.verify(oldest);
    expect(verifications).toHaveBeenCalledTimes(1);
  });
});
