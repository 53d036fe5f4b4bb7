import { Module } from '@nestjs/common';
import { GzippedBoardAnswers } from './board-answer-gzip';
import { BoardPolls } from './board-polls';
import { BoardContentCache } from './board-content.cache';
import { BoardCopyRepository } from './board-copy.repository';
import { BoardCopyService } from './board-copy.service';
import { BoardReadRepository } from './board-read.repository';
import { BoardsController } from './boards.controller';
import { BoardsRepository } from './boards.repository';
import { BoardsService } from './boards.service';

@Module({
  controllers: [BoardsController],
  providers: [
    BoardsService,
    BoardsRepository,
    BoardReadRepository,
    BoardContentCache,
    GzippedBoardAnswers,
    BoardPolls,
    BoardCopyService,
    BoardCopyRepository,
  ],
  exports: [BoardsRepository, BoardPolls, BoardReadRepository],
})
export class BoardsModule {}
