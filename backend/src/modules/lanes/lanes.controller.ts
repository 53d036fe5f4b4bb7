import { Body, Controller, Delete, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  createLaneSchema,
  updateLaneSchema,
  type CreateLaneInput,
  type UpdateLaneInput,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { LanesService } from './lanes.service';

const Id = () => Param('id', new ParseUUIDPipe());

/** Swimlanes (docs/api.md, "Lanes"). */
@TokenAccess()
@Controller('api')
export class LanesController {
  constructor(private readonly lanes: LanesService) {}

  @Post('boards/:id/lanes')
  @HttpCode(201)
  create(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createLaneSchema)) body: CreateLaneInput,
  ) {
    return this.lanes.create(boardId, user, body);
  }

  @Put('lanes/:id')
  update(
    @Id() laneId: string,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateLaneSchema)) body: UpdateLaneInput,
  ) {
    return this.lanes.update(laneId, user, body);
  }

  @Delete('lanes/:id')
  remove(@Id() laneId: string, @CurrentUser() user: AuthUser) {
    return this.lanes.remove(laneId, user);
  }
}
