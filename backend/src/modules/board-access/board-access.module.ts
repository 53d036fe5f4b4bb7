import { Global, Module } from '@nestjs/common';
import { BoardAccessRepository } from './board-access.repository';
import { BoardAccess } from './board-access.service';

@Global()
@Module({ providers: [BoardAccessRepository, BoardAccess], exports: [BoardAccess] })
export class BoardAccessModule {}
