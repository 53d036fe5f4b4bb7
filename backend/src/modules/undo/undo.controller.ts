import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { undoTokenSchema } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { UndoService } from './undo.service';

/** An API token may undo its owner's deletions, as it may delete (boards:write). */
@TokenAccess()
@Controller('api/undo')
export class UndoController {
  constructor(private readonly undo: UndoService) {}

  @Post(':token')
  @HttpCode(200)
  restore(
    @Param('token', new ZodValidationPipe(undoTokenSchema, 'token')) token: string,
    @CurrentUser() user: AuthUser,
  ) {
    return this.undo.undo(token, user);
  }
}
