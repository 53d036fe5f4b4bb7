import { Global, Module } from '@nestjs/common';
import { ActivitiesRepository } from '../activities/activities.repository';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { BoardChanges } from './board-changes.service';
import { DomainEvents } from './domain-events';

/** Global: every board-scoped module changes boards through BoardChanges. */
@Global()
@Module({
  imports: [IdempotencyModule],
  providers: [BoardChanges, DomainEvents, ActivitiesRepository, NotificationsRepository],
  exports: [BoardChanges, DomainEvents, ActivitiesRepository, NotificationsRepository],
})
export class BoardChangesModule {}
