import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  createLabelSchema,
  updateLabelSchema,
  type CreateLabelInput,
  type UpdateLabelInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { LabelsService } from './labels.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const Id = () => Param('id', new ParseUUIDPipe());

@TokenAccess()
@Controller('api')
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @Get('boards/:id/labels')
  list(@Id() boardId: string, @CurrentUser() user: AuthUser) {
    return this.labels.list(boardId, user);
  }

  @Post('boards/:id/labels')
  create(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createLabelSchema)) body: CreateLabelInput,
  ) {
    return this.labels.create(boardId, user, body);
  }

  @Put('labels/:id')
  update(
    @Id() labelId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateLabelSchema)) body: UpdateLabelInput,
  ) {
    return this.labels.update(labelId, user, body);
  }

  @Delete('labels/:id')
  delete(@Id() labelId: string, @CurrentUser() user: AuthUser) {
    return this.labels.delete(labelId, user);
  }
}
