import { Controller, Get } from '@nestjs/common';
import { Public } from '../../common/decorators/public.decorator';
import { InstanceSettingsService } from './instance-settings.service';

/** What the sign-in and register pages offer and show (docs/api.md, "Admin settings"). */
@Controller('api/settings')
export class PublicSettingsController {
  constructor(private readonly settings: InstanceSettingsService) {}

  @Public()
  @Get('public')
  get() {
    return this.settings.publicSettings();
  }
}
