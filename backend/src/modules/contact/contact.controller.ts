import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { contactSchema, type ContactInput } from '@papan/shared';
import { Public } from '../../common/decorators/public.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { ContactService } from './contact.service';

@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @Post()
  @HttpCode(201)
  send(@Body(new ZodValidationPipe(contactSchema)) body: ContactInput, @Req() req: FastifyRequest) {
    return this.contact.send(body, req.ip);
  }
}
