import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { UndoKind } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { Executor } from '../../database/database';
import { UndoRepository } from './undo.repository';

/** The stored form of an undo token: its sha256, so a copy of the database cannot undo anything. */
export const hashUndoToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What a delete calls, in its own transaction and before it deletes: keeps what is about to go
 * for UNDO_SECONDS and answers the token that brings it back (docs/api.md, "Undo").
 */
@Injectable()
export class UndoEntries {
  constructor(
    private readonly repo: UndoRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async keep(
    what: { kind: UndoKind; targetId: string; boardId: string; userId: string },
    tx: Executor,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.keep({ ...what, tokenHash: hashUndoToken(token) }, this.config.undoSeconds, tx);
    return token;
  }
}
