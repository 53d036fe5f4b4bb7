import { Controller, Get } from '@nestjs/common';
import { Roles } from '../../common/decorators/roles.decorator';
import { AdminStatsService } from './admin-stats.service';

@Controller('api/admin/stats')
@Roles('ADMIN')
export class AdminStatsController {
  constructor(private readonly stats: AdminStatsService) {}

  @Get()
  counts() {
    return this.stats.counts();
  }

  @Get('user-growth')
  userGrowth() {
    return this.stats.userGrowth();
  }
}
