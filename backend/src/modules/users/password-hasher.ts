import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2; the package's enum is a const enum) at OWASP's minimum (m=19456 KiB, t=2, p=1). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** Verified against when the e-mail is unknown, so both failures cost the same time. */
  private readonly dummyHash = hash('papan-timing-equaliser', OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    const target = passwordHash ?? (await this.dummyHash);
    const ok = await verify(target, password).catch(() => false);
    return ok && !!passwordHash;
  }
}
