import { Controller, Get } from '@nestjs/common';
import { Roles } from '../../common/decorators/roles.decorator';
import { AdminHealthService } from './admin-health.service';

/** The admin dashboard's health panel (docs/api.md, "Admin health"). */
@Controller('api/admin/health')
@Roles('ADMIN')
export class AdminHealthController {
  constructor(private readonly health: AdminHealthService) {}

  @Get()
  get() {
    return this.health.health();
  }
}
