import { Global, Module } from '@nestjs/common';
import { RateLimitsRepository } from './rate-limits.repository';
import { RateLimits } from './rate-limits.service';

/** Global: login, registration and contact limits are counted in the database (RateLimits). */
@Global()
@Module({ providers: [RateLimits, RateLimitsRepository], exports: [RateLimits] })
export class RateLimitsModule {}
