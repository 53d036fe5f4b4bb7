import { Global, Module } from '@nestjs/common';
import { BoardAccessCache } from './board-access.cache';
import { BoardAccessRepository } from './board-access.repository';
import { BoardAccess } from './board-access.service';

@Global()
@Module({
  providers: [BoardAccessRepository, BoardAccessCache, BoardAccess],
  exports: [BoardAccess, BoardAccessCache],
})
export class BoardAccessModule {}
