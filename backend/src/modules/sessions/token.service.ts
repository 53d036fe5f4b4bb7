import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { TokenPayload } from '@papan/shared';
import type { UserRow } from '../users/users.repository';

/** Signs and verifies Papan's tokens: HS256 only, so `alg:none` and foreign algorithms fail. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  sign(user: UserRow, sessionId: string): Promise<string> {
    const payload: Omit<TokenPayload, 'exp' | 'iat'> = {
      id: user.id,
      sid: sessionId,
      name: user.name,
      email: user.email,
      role: user.role,
      provider: user.provider,
      profilePictureUrl: user.profilePictureUrl,
      gender: user.gender as TokenPayload['gender'],
      socialLinks: user.socialLinks ?? {},
    };
    return this.jwt.signAsync(payload, { algorithm: 'HS256' });
  }

  /** The verified payload, or null for a missing, tampered, expired or foreign token. */
  async verify(token: string): Promise<TokenPayload | null> {
    try {
      const payload = await this.jwt.verifyAsync<TokenPayload>(token, { algorithms: ['HS256'] });
      return typeof payload.id === 'string' && typeof payload.sid === 'string' ? payload : null;
    } catch {
      return null;
    }
  }
}
