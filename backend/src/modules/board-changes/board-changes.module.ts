import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ActivitiesRepository } from '../activities/activities.repository';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { BoardChanges } from './board-changes.service';
import { CommittedEventInterceptor } from './change-answer';
import { BoardVersionsRepository } from './board-versions.repository';
import { DomainEvents } from './domain-events';

/** Global: every board-scoped module changes boards through BoardChanges. */
@Global()
@Module({
  imports: [IdempotencyModule],
  providers: [
    BoardChanges,
    BoardVersionsRepository,
    DomainEvents,
    ActivitiesRepository,
    NotificationsRepository,
    { provide: APP_INTERCEPTOR, useClass: CommittedEventInterceptor },
  ],
  exports: [BoardChanges, DomainEvents, ActivitiesRepository, NotificationsRepository],
})
export class BoardChangesModule {}
