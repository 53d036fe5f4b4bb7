import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { TokenPayload } from '@papan/shared';
import type { UserRow } from '../users/users.repository';

/** Tokens whose signature was checked, kept so a client's next request skips the HMAC. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Signs and verifies Papan's tokens: HS256 only, so `alg:none` and foreign algorithms fail. A token
 * that verified once is the same string with the same signature the next time: its payload is kept
 * (the exact string is the key) and only its expiry is checked again. Every request of every client
 * verified its token — the signature and two JSON parses, a tenth of a 304 poll's CPU. Sessions
 * are still looked up on every request (LiveSessions), so a revoked one fails at once as before.
 */
@Injectable()
export class TokenService {
  private readonly verified = new Map<string, TokenPayload>();
  protected readonly capacity: number = VERIFIED_TOKENS_KEPT;

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
    const known = this.verified.get(token);
    if (known) {
      // jsonwebtoken's rule: expired from the second `exp` on.
      if (Math.floor(Date.now() / 1000) < known.exp) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const payload = await this.jwt.verifyAsync<TokenPayload>(token, { algorithms: ['HS256'] });
      if (typeof payload.id !== 'string' || typeof payload.sid !== 'string') return null;
      if (typeof payload.exp === 'number') this.keep(token, payload);
      return payload;
    } catch {
      return null;
    }
  }

  /** The oldest kept token makes room (a Map iterates in insertion order). */
  private keep(token: string, payload: TokenPayload): void {
    if (this.verified.size >= this.capacity) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, payload);
  }
}
