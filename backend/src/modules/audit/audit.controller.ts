import { Readable } from 'node:stream';
import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { auditQuerySchema, type AuditQuery } from '@papan/shared';
import { Roles } from '../../common/decorators/roles.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { AuditLogService } from './audit-log.service';

/** The audit log for administrators (docs/api.md, "Audit log"). */
@Controller('api/admin/audit')
@Roles('ADMIN')
export class AuditController {
  constructor(private readonly log: AuditLogService) {}

  @Get()
  page(@Query(new ZodValidationPipe(auditQuerySchema, 'query')) q: AuditQuery) {
    return this.log.page(q);
  }

  @Get('verify')
  verify() {
    return this.log.verify();
  }

  @Get('export')
  export(
    @Query(new ZodValidationPipe(auditQuerySchema, 'query')) q: AuditQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.headers({
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': 'attachment; filename="papan-audit.ndjson"',
      'Cache-Control': 'no-store',
    });
    return new StreamableFile(Readable.from(this.log.exportLines(q)));
  }
}
