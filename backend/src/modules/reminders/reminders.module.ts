import { Module } from '@nestjs/common';
import { ReminderScheduler } from './reminder-scheduler';
import { RemindersRepository } from './reminders.repository';

@Module({ providers: [ReminderScheduler, RemindersRepository], exports: [ReminderScheduler] })
export class RemindersModule {}
