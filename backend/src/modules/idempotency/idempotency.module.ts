import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyPurger } from './idempotency-purger';
import { IdempotencyRepository } from './idempotency.repository';

/** Retried creates answer once: see IdempotencyInterceptor. */
@Module({
  providers: [
    IdempotencyRepository,
    IdempotencyPurger,
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
  exports: [IdempotencyRepository],
})
export class IdempotencyModule {}
