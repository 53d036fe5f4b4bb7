import { Injectable } from '@nestjs/common';
import { TRANSFER_LIMITS } from '@papan/shared';
import { RateLimitedException } from '../../common/errors';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';

const { importsAtOnce, importsPerWindow, importWindowSeconds } = TRANSFER_LIMITS;
/** The wait suggested while imports are running: most are done within two seconds. */
export const IMPORT_BUSY_RETRY_SECONDS = 2;

/**
 * How many imports run (docs/api.md, "Export and import"): one per person and `importsAtOnce` per server
 * instance at a time (each reads its file in a worker with a heap of its own, so this bounds the
 * memory and the cores they take), and `importsPerWindow` per person per window, counted in the
 * database so that every instance sees the same count. Each refusal is a 429 with Retry-After.
 */
@Injectable()
export class ImportLimits {
  private readonly running = new Set<string>();
  private readonly perUser: RateLimiter;

  constructor(limits: RateLimits) {
    this.perUser = limits.limiter({
      prefix: 'board-import',
      points: importsPerWindow,
      windowSeconds: importWindowSeconds,
      message: `Too many imports: at most ${importsPerWindow} per ${importWindowSeconds / 60} minutes. Please try again later.`,
    });
  }

  /**
   * Lets `userId`'s import start, or answers 429; the answer is a function to call once it has
   * finished, whatever the outcome. The cheap in-memory checks come first, so a refused attempt
   * does not count against the person's window.
   */
  async start(userId: string): Promise<() => void> {
    if (this.running.has(userId))
      throw new RateLimitedException(
        IMPORT_BUSY_RETRY_SECONDS,
        'One import at a time: your previous import is still running.',
      );
    if (this.running.size >= importsAtOnce)
      throw new RateLimitedException(
        IMPORT_BUSY_RETRY_SECONDS,
        `The server is busy: at most ${importsAtOnce} imports run at a time. Please try again in a moment.`,
      );
    this.running.add(userId);
    try {
      await this.perUser.consume(userId);
    } catch (err) {
      this.running.delete(userId);
      throw err;
    }
    return () => this.running.delete(userId);
  }
}
