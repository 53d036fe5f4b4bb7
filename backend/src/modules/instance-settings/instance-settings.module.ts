import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminInvitesService } from './admin-invites.service';
import { AdminSettingsController } from './admin-settings.controller';
import { InstanceSettingsRepository } from './instance-settings.repository';
import { InstanceSettingsService } from './instance-settings.service';
import { PublicSettingsController } from './public-settings.controller';
import { RegistrationPolicy } from './registration-policy';
import { TwoFactorRequiredGuard } from './two-factor-required.guard';

/**
 * The instance's settings (docs/api.md, "Admin settings"): registration policy, announcement, 2FA
 * for admins, administrators' invitations. Global: every path that creates an account asks
 * RegistrationPolicy.
 */
@Global()
@Module({
  controllers: [AdminSettingsController, PublicSettingsController],
  providers: [
    InstanceSettingsRepository,
    InstanceSettingsService,
    RegistrationPolicy,
    AdminInvitesService,
    TwoFactorRequiredGuard,
    { provide: APP_GUARD, useExisting: TwoFactorRequiredGuard },
  ],
  exports: [RegistrationPolicy, InstanceSettingsService],
})
export class InstanceSettingsModule {}
