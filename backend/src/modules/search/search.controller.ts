import { Controller, Get, Query } from '@nestjs/common';
import { searchQuerySchema, type SearchQuery } from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { SearchService } from './search.service';

/** A board read: `boards:read` tokens may search, only their boards' cards (docs/api.md, tokens). */
@Controller('api/search')
@TokenAccess()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  find(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(searchQuerySchema, 'query')) query: SearchQuery,
  ) {
    return this.search.find(user, query.q);
  }
}
