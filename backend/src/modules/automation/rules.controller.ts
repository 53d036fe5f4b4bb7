import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import {
  createRuleSchema,
  dryRunRuleSchema,
  updateRuleSchema,
  type CreateRuleInput,
  type DryRunRuleInput,
  type UpdateRuleInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { RulesService } from './rules.service';

const Id = () => Param('id', new ParseUUIDPipe());

/** Automation rules (docs/api.md, "Automation"). */
@TokenAccess()
@Controller('api')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @Get('boards/:id/rules')
  list(@Id() boardId: string, @CurrentUser() user: AuthUser) {
    return this.rules.list(boardId, user);
  }

  @Post('boards/:id/rules')
  @HttpCode(201)
  create(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createRuleSchema)) body: CreateRuleInput,
  ) {
    return this.rules.create(boardId, user, body);
  }

  @Post('boards/:id/rules/dry-run')
  @HttpCode(200)
  dryRunDraft(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(dryRunRuleSchema)) body: DryRunRuleInput,
  ) {
    return this.rules.dryRunDraft(boardId, user, body);
  }

  @Patch('rules/:id')
  update(
    @Id() ruleId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateRuleSchema)) body: UpdateRuleInput,
  ) {
    return this.rules.update(ruleId, user, body);
  }

  @Delete('rules/:id')
  remove(@Id() ruleId: string, @CurrentUser() user: AuthUser) {
    return this.rules.remove(ruleId, user);
  }

  @Get('rules/:id/runs')
  runs(@Id() ruleId: string, @CurrentUser() user: AuthUser) {
    return this.rules.runs(ruleId, user);
  }

  @Post('rules/:id/dry-run')
  @HttpCode(200)
  dryRun(@Id() ruleId: string, @CurrentUser() user: AuthUser) {
    return this.rules.dryRun(ruleId, user);
  }
}
