import {
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { exportQuerySchema, type ExportQuery } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { uploadOpener } from '../attachments/upload-form';
import { BoardExportService } from './board-export.service';
import { BoardImportService } from './board-import.service';

/**
 * A board out as JSON, CSV or ZIP, and in from Papan or Trello (docs/api.md, "Export and import").
 */
@TokenAccess()
@Controller('api/boards')
export class BoardTransferController {
  constructor(
    private readonly exports: BoardExportService,
    private readonly imports: BoardImportService,
  ) {}

  @Get(':id/export')
  async export(
    @Param('id', new ParseUUIDPipe()) id: string,
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(exportQuerySchema, 'query')) q: ExportQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.exports.export(id, user, q.format);
    reply.headers(answer.headers);
    return typeof answer.body === 'string' ? answer.body : new StreamableFile(answer.body);
  }

  @Post('import')
  @HttpCode(201)
  import(@CurrentUser() user: AuthUser, @Req() req: FastifyRequest) {
    return this.imports.import(user, uploadOpener(req));
  }
}
