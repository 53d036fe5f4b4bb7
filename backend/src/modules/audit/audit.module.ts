import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditController } from './audit.controller';
import { AuditLogService } from './audit-log.service';
import { AuditPurger } from './audit.purger';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { RequestMetaInterceptor } from './request-meta.interceptor';

/**
 * The audit log (docs/security.md, "Audit log"). Global: sign-ins, accounts, tokens, webhooks and
 * the admin console all record into it.
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [
    AuditRepository,
    AuditService,
    AuditLogService,
    AuditPurger,
    { provide: APP_INTERCEPTOR, useClass: RequestMetaInterceptor },
  ],
  exports: [AuditService],
})
export class AuditModule {}
