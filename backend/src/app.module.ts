import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './common/config/app-config';
import { ConfigModule } from './common/config/config.module';
import { loggerParams } from './common/logging/logger-params';
import type { DatabaseHandle } from './database/database';
import { DatabaseModule } from './database/database.module';
import { AccountReclaimModule } from './modules/account-reclaim/account-reclaim.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { BoardAccessModule } from './modules/board-access/board-access.module';
import { BoardChangesModule } from './modules/board-changes/board-changes.module';
import { BoardEventsModule } from './modules/board-events/board-events.module';
import { BoardsModule } from './modules/boards/boards.module';
import { ListsModule } from './modules/lists/lists.module';
import { InstanceSettingsModule } from './modules/instance-settings/instance-settings.module';
import { InsightsModule } from './modules/insights/insights.module';
import { LanesModule } from './modules/lanes/lanes.module';
import { AutomationModule } from './modules/automation/automation.module';
import { AttachmentsModule } from './modules/attachments/attachments.module';
import { BoardTransferModule } from './modules/board-transfer/board-transfer.module';
import { CardsModule } from './modules/cards/cards.module';
import { LabelsModule } from './modules/labels/labels.module';
import { FieldsModule } from './modules/fields/fields.module';
import { ChecklistsModule } from './modules/checklists/checklists.module';
import { CommentsModule } from './modules/comments/comments.module';
import { DndModule } from './modules/dnd/dnd.module';
import { MailModule } from './modules/mail/mail.module';
import { MembersModule } from './modules/members/members.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { OidcModule } from './modules/oidc/oidc.module';
import { ActivitiesModule } from './modules/activities/activities.module';
import { AdminModule } from './modules/admin/admin.module';
import { OpenApiModule } from './modules/openapi/openapi.module';
import { RemindersModule } from './modules/reminders/reminders.module';
import { SearchModule } from './modules/search/search.module';
import { ContactModule } from './modules/contact/contact.module';
import { UploadsModule } from './modules/uploads/uploads.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { StreamModule } from './modules/stream/stream.module';
import { HealthModule } from './modules/health/health.module';
import { IdempotencyModule } from './modules/idempotency/idempotency.module';
import { RateLimitsModule } from './modules/rate-limits/rate-limits.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { SessionsModule } from './modules/sessions/sessions.module';
import { UsersModule } from './modules/users/users.module';
import { UndoModule } from './modules/undo/undo.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';

@Module({})
export class AppModule {
  static forRoot(
    config: AppConfig,
    database: DatabaseHandle,
    jwtSecret: string,
    uploadsDir: string,
    logDestination?: DestinationStream,
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DiscoveryModule,
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config, logDestination)),
        DatabaseModule.forRoot(database),
        MailModule,
        AuditModule,
        AccountReclaimModule,
        AuthModule.forRoot({ jwtSecret, jwtTtl: config.jwtTtl }),
        OidcModule,
        UsersModule,
        SessionsModule,
        InstanceSettingsModule,
        HealthModule,
        IdempotencyModule,
        RateLimitsModule,
        MetricsModule,
        UploadsModule.forRoot(uploadsDir),
        ContactModule,
        RealtimeModule,
        StreamModule,
        BoardAccessModule,
        BoardChangesModule,
        BoardEventsModule,
        BoardsModule,
        BoardTransferModule,
        ListsModule,
        InsightsModule,
        LanesModule,
        AutomationModule,
        CardsModule,
        AttachmentsModule,
        LabelsModule,
        FieldsModule,
        ChecklistsModule,
        CommentsModule,
        DndModule,
        MembersModule,
        NotificationsModule,
        ActivitiesModule,
        AdminModule,
        WebhooksModule,
        UndoModule,
        OpenApiModule,
        RemindersModule,
        SearchModule,
      ],
    };
  }
}
