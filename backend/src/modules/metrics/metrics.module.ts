import { Global, Module } from '@nestjs/common';
import { MetricsAccessGuard } from './metrics-access.guard';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics.service';

/** Global so the realtime gateway and the HTTP hook (bootstrap.ts) reach the same registry. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics, MetricsAccessGuard],
  exports: [Metrics],
})
export class MetricsModule {}
