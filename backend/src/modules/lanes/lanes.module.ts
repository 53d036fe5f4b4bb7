import { Module } from '@nestjs/common';
import { LanesController } from './lanes.controller';
import { LanesRepository } from './lanes.repository';
import { LanesService } from './lanes.service';

@Module({
  controllers: [LanesController],
  providers: [LanesService, LanesRepository],
  exports: [LanesRepository],
})
export class LanesModule {}
