import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  createWebhookSchema,
  updateWebhookSchema,
  type CreateWebhook,
  type UpdateWebhook,
} from '@papan/shared';
import { AnswerHoldsSecret } from '../../common/decorators/answer-holds-secret.decorator';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { WebhookTestLimit } from './webhook-test-limit.guard';
import { WebhooksService } from './webhooks.service';

const BoardId = () => Param('id', new ParseUUIDPipe());
const HookId = () => Param('hid', new ParseUUIDPipe());

/**
 * The board owner's webhooks (docs/api.md, "Webhooks"). API tokens are refused (no @TokenAccess).
 */
@Controller('api/boards/:id/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @AnswerHoldsSecret()
  create(
    @BoardId() boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createWebhookSchema)) body: CreateWebhook,
  ) {
    return this.webhooks.create(boardId, user, body);
  }

  @Get()
  list(@BoardId() boardId: string, @CurrentUser() user: AuthUser) {
    return this.webhooks.list(boardId, user);
  }

  @Patch(':hid')
  update(
    @BoardId() boardId: string,
    @HookId() id: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateWebhookSchema)) body: UpdateWebhook,
  ) {
    return this.webhooks.update(boardId, id, user, body);
  }

  @Delete(':hid')
  delete(@BoardId() boardId: string, @HookId() id: string, @CurrentUser() user: AuthUser) {
    return this.webhooks.delete(boardId, id, user);
  }

  @Post(':hid/test')
  @HttpCode(200)
  @UseGuards(WebhookTestLimit)
  test(@BoardId() boardId: string, @HookId() id: string, @CurrentUser() user: AuthUser) {
    return this.webhooks.test(boardId, id, user);
  }

  @Get(':hid/deliveries')
  deliveries(@BoardId() boardId: string, @HookId() id: string, @CurrentUser() user: AuthUser) {
    return this.webhooks.deliveries(boardId, id, user);
  }
}
