import { Global, Module } from '@nestjs/common';
import { ActivitiesRepository } from '../activities/activities.repository';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { BoardChanges } from './board-changes.service';
import { DomainEvents } from './domain-events';

/** Global: every board-scoped module changes boards through BoardChanges. */
@Global()
@Module({
  providers: [BoardChanges, DomainEvents, ActivitiesRepository, NotificationsRepository],
  exports: [BoardChanges, DomainEvents, ActivitiesRepository, NotificationsRepository],
})
export class BoardChangesModule {}
