import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { Registry } from 'prom-client';
import { Public } from '../../common/decorators/public.decorator';
import { MetricsAccessGuard } from './metrics-access.guard';
import { Metrics } from './metrics.service';

@Controller('api/metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  /** Prometheus text format; no user token, the address or METRICS_TOKEN decides. */
  @Public()
  @UseGuards(MetricsAccessGuard)
  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  scrape(): Promise<string> {
    return this.metrics.render();
  }
}
