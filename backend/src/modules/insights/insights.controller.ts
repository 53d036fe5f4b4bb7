import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import {
  forecastQuerySchema,
  insightsQuerySchema,
  type ForecastQuery,
  type InsightsQuery,
} from '@papan/shared';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { TokenAccess } from '../../common/decorators/token-access.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { InsightsService } from './insights.service';

const Id = () => Param('id', new ParseUUIDPipe());

/** Flow insights, forecasts and a card's history (docs/api.md, "Insights"): reads, `boards:read`. */
@TokenAccess()
@Controller('api')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get('boards/:id/insights')
  ofBoard(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(insightsQuerySchema, 'query')) query: InsightsQuery,
  ) {
    return this.insights.insights(boardId, user, query);
  }

  @Get('boards/:id/forecast')
  forecast(
    @Id() boardId: string,
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(forecastQuerySchema, 'query')) query: ForecastQuery,
  ) {
    return this.insights.forecast(boardId, user, query);
  }

  @Get('cards/:id/history')
  cardHistory(@Id() cardId: string, @CurrentUser() user: AuthUser) {
    return this.insights.cardHistory(cardId, user);
  }
}
