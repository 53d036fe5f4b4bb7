import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { pageQuerySchema, type PageQuery } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { ActivitiesService } from './activities.service';
import { TokenAccess } from '../../common/decorators/token-access.decorator';

const Page = () => Query(new ZodValidationPipe(pageQuerySchema, 'query'));

@TokenAccess()
@Controller('api')
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  @Get('boards/:id/activities')
  forBoard(
    @Param('id', new ParseUUIDPipe()) id: string,
    @CurrentUser() user: AuthUser,
    @Page() page: PageQuery,
  ) {
    return this.activities.forBoard(id, user, page);
  }

  @Get('activities')
  forUser(@CurrentUser() user: AuthUser, @Page() page: PageQuery) {
    return this.activities.forUser(user, page);
  }
}
