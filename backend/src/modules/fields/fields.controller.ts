import { Body, Controller, Delete, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import {
  createFieldSchema,
  updateFieldSchema,
  type CreateFieldInput,
  type UpdateFieldInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { FieldsService } from './fields.service';

const Id = () => Param('id', new ParseUUIDPipe());

/** A board's custom fields (docs/fields.md); the board reads carry them. */
@TokenAccess()
@Controller('api')
export class FieldsController {
  constructor(private readonly fields: FieldsService) {}

  @Post('boards/:id/fields')
  create(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createFieldSchema)) body: CreateFieldInput,
  ) {
    return this.fields.create(boardId, user, body);
  }

  @Patch('fields/:id')
  update(
    @Id() fieldId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateFieldSchema)) body: UpdateFieldInput,
  ) {
    return this.fields.update(fieldId, user, body);
  }

  @Delete('fields/:id')
  remove(@Id() fieldId: string, @CurrentUser() user: AuthUser) {
    return this.fields.remove(fieldId, user);
  }
}
