import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/** NotificationsRepository itself is provided globally by BoardChangesModule, which writes them. */
@Module({ controllers: [NotificationsController], providers: [NotificationsService] })
export class NotificationsModule {}
