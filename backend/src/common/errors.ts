import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with the seconds to wait, sent as Retry-After. */
export class RateLimitedException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please try again later.',
  ) {
    super({ message, msg: message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
