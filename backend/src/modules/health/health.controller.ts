import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { Public } from '../../common/decorators/public.decorator';
import { DATABASE_HANDLE } from '../../database/database.module';
import type { DatabaseHandle } from '../../database/database';
import { adapterKind } from '../realtime/socket-io.adapter';
import { HealthRepository } from './health.repository';

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: HealthRepository,
  ) {}

  /** 200 once the database answers, with which database and which socket.io adapter serve. */
  @Public()
  @Get()
  async health() {
    try {
      await this.repository.ping();
    } catch {
      throw new ServiceUnavailableException('Database unreachable');
    }
    return { status: 'ok', database: this.database.kind, adapter: adapterKind(this.config) };
  }
}
