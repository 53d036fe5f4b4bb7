import {
  ConflictException,
  ForbiddenException,
  GoneException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { UndoAnswer } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { hashUndoToken } from './undo-entries';
import { UndoRestore } from './undo-restore';
import { UndoRepository } from './undo.repository';

export const UNDO_MESSAGES = {
  unknown: 'Nothing to undo: this undo token is unknown.',
  notYours: 'Only the person who deleted it can undo it.',
  used: 'This deletion was already undone.',
  expired: 'The time to undo this deletion has passed.',
  boardGone: 'The board it was on no longer exists.',
} as const;

/**
 * `POST /api/undo/{token}` (docs/api.md, "Undo") brings back what a delete took, once, for the
 * person who deleted, within UNDO_SECONDS, as one change of the board (one version, one event).
 */
@Injectable()
export class UndoService {
  constructor(
    private readonly repo: UndoRepository,
    private readonly restorer: UndoRestore,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  async undo(token: string, user: AuthUser): Promise<UndoAnswer> {
    const entry = await this.repo.find(hashUndoToken(token));
    if (!entry) throw new NotFoundException(UNDO_MESSAGES.unknown);
    if (entry.userId !== user.id) throw new ForbiddenException(UNDO_MESSAGES.notYours);
    if (entry.used) throw new GoneException(UNDO_MESSAGES.used);
    if (entry.expired) throw new GoneException(UNDO_MESSAGES.expired);
    if (!(await this.repo.boardExists(entry.boardId))) throw new ConflictException(UNDO_MESSAGES.boardGone);
    await this.access.require(user, { boardId: entry.boardId }, 'member');
    return this.changes.run(entry.boardId, user, async (tx) => {
      const snapshot = await this.repo.claim(entry.id, tx);
      // Another request took it, or its time ran out, between the checks above and this lock.
      if (!snapshot) throw new GoneException(UNDO_MESSAGES.used);
      const { event, activity, also } = await this.restorer.restore(entry.kind, entry.boardId, snapshot, tx);
      await this.repo.releaseBlobs(entry.id, tx);
      return {
        result: { boardId: entry.boardId, kind: entry.kind, ...event },
        event,
        activity: { actionType: 'UNDO_DELETE', ...activity },
        also,
      };
    });
  }
}
