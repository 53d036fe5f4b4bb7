import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { TokenPayload } from '@papan/shared';
import type { UserRow } from '../users/users.repository';

/** Signs and verifies Papan's tokens: HS256 only, so `alg:none` and foreign algorithms fail. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  /** A token for the session; with `expiresAt` (a renewal) it ends when the token it replaces ends. */
  sign(user: UserRow, sessionId: string, expiresAt?: number): Promise<string> {
    const payload: Omit<TokenPayload, 'exp' | 'iat'> = {
      id: user.id,
      sid: sessionId,
      name: user.name,
      email: user.email,
      role: user.role,
      provider: user.provider,
      emailVerified: user.emailVerified,
      profilePictureUrl: user.profilePictureUrl,
      gender: user.gender as TokenPayload['gender'],
      socialLinks: user.socialLinks ?? {},
    };
    if (expiresAt === undefined) return this.jwt.signAsync(payload, { algorithm: 'HS256' });
    // jsonwebtoken counts expiresIn from the payload's iat: the same second gives the same exp.
    const iat = Math.floor(Date.now() / 1000);
    return this.jwt.signAsync(
      { ...payload, iat },
      { algorithm: 'HS256', expiresIn: Math.max(0, expiresAt - iat) },
    );
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
