import { Global, Module } from '@nestjs/common';
import { Mailer } from './mailer';

/** Outgoing mail, for every module that sends some. */
@Global()
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
