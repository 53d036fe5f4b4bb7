import {
  Controller,
  Delete,
  Get,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { AttachmentsService, type FileAnswer } from './attachments.service';
import { uploadOpener } from './upload-form';

const Id = () => Param('id', new ParseUUIDPipe());

/** Sends a stored file with its headers, streamed. */
function send(reply: FastifyReply, file: FileAnswer): StreamableFile {
  reply.headers(file.headers);
  return new StreamableFile(file.body);
}

@TokenAccess()
@Controller('api')
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  @Post('cards/:id/attachments')
  add(@Id() cardId: string, @CurrentUser() user: AuthUser, @Req() req: FastifyRequest) {
    return this.attachments.add(cardId, user, uploadOpener(req));
  }

  @Get('cards/:id/attachments')
  list(@Id() cardId: string, @CurrentUser() user: AuthUser) {
    return this.attachments.list(cardId, user);
  }

  // Files go as stored, with their length: most are compressed already (images, archives, PDFs).
  @RouteConfig({ compress: false })
  @Get('attachments/:id')
  async file(
    @Id() id: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return send(reply, await this.attachments.file(id, user));
  }

  @RouteConfig({ compress: false })
  @Get('attachments/:id/thumbnail')
  async thumbnail(
    @Id() id: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return send(reply, await this.attachments.thumbnail(id, user));
  }

  @Delete('attachments/:id')
  remove(@Id() id: string, @CurrentUser() user: AuthUser) {
    return this.attachments.remove(id, user);
  }
}
