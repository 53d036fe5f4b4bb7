import { Module } from '@nestjs/common';
import { CardsModule } from '../cards/cards.module';
import { ChecklistsModule } from '../checklists/checklists.module';
import { CommentsModule } from '../comments/comments.module';
import { DndModule } from '../dnd/dnd.module';
import { RuleActions } from './rule-actions';
import { RuleRunner } from './rule-runner';
import { RulesController } from './rules.controller';
import { RulesRepository } from './rules.repository';
import { RulesService } from './rules.service';

/** Rules, their runner and their runs (docs/automation.md). */
@Module({
  imports: [CardsModule, ChecklistsModule, CommentsModule, DndModule],
  controllers: [RulesController],
  providers: [RulesService, RulesRepository, RuleActions, RuleRunner],
  exports: [RuleRunner],
})
export class AutomationModule {}
