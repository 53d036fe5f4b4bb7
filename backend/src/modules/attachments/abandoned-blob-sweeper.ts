import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AttachmentBlobsRepository } from './attachment-blobs.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * An upload stores its bytes before the change that attaches them commits; a crash in between
 * leaves a blob nothing points at. Every hour, such blobs older than an hour are removed (a live
 * upload's blob is younger). Deleted attachments free their blobs at once (a database trigger).
 */
@Injectable()
export class AbandonedBlobSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(private readonly blobs: AttachmentBlobsRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), HOUR_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<number> {
    return this.blobs.removeAbandoned(new Date(now.getTime() - HOUR_MS)).catch(() => 0);
  }
}
