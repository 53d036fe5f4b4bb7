import { ForbiddenException, Injectable } from '@nestjs/common';
import type { BoardDetail, BoardSummary, BoardView, CreateBoardInput, UpdateBoardInput } from '@papan/shared';
import { RevisionConflictException, requireRevision } from '../../common/revisions/revision-conflict';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import { BoardAccess, TOKEN_NOT_FOR_BOARD } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { DomainEvents } from '../board-changes/domain-events';
import { GZIP_MIN_BYTES, GzippedBoardAnswers } from './board-answer-gzip';
import { BoardContentCache, deflatedPieces } from './board-content.cache';
import { gzipPieces } from './gzip-pieces';
import { BoardsRepository } from './boards.repository';
import { boardEtag, etagMatches } from './board-etag';

export type BoardReadResult =
  | { notModified: true; etag: string }
  /**
   * The BoardDetail serialised (`json`; its content comes from BoardContentCache), or gzipped when
   * the reader accepts it and it is large (`gzip`, shared by the readers of one version).
   */
  | { notModified: false; etag: string; json: string; gzip: Buffer | null };

@Injectable()
export class BoardsService {
  constructor(
    private readonly boards: BoardsRepository,
    private readonly content: BoardContentCache,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
    private readonly gzipped: GzippedBoardAnswers,
    private readonly events: DomainEvents,
  ) {}

  async create(user: AuthUser, input: CreateBoardInput): Promise<BoardSummary> {
    // A token limited to some boards could not reach the board it made.
    if (user.token?.boardIds) throw new ForbiddenException(TOKEN_NOT_FOR_BOARD);
    return this.changes.create(user, async (tx) => {
      const created = await this.boards.create(
        { title: input.title, description: input.description ?? '', ownerId: user.id },
        tx,
      );
      const summary = (await this.boards.summary(created.id, user.id, tx))!;
      // Nobody watches a new board yet; the event tells the rest of the server (admin counts).
      return {
        boardId: created.id,
        version: created.version,
        result: summary,
        event: { type: 'board.created', payload: summary },
        activity: { actionType: 'CREATE_BOARD', ...activityText('board.created', { board: created.title }) },
      };
    });
  }

  list(user: AuthUser, limit: number): Promise<BoardSummary[]> {
    return this.boards.summariesFor(user.id, false, limit, user.token?.boardIds);
  }

  archived(user: AuthUser, limit: number): Promise<BoardSummary[]> {
    return this.boards.summariesFor(user.id, true, limit, user.token?.boardIds);
  }

  /** The whole board, or "not modified" when the caller's ETag still matches (the 5 s poll). */
  async read(
    boardId: string,
    user: AuthUser,
    ifNoneMatch?: string,
    acceptsGzip = false,
    view: BoardView = 'full',
  ): Promise<BoardReadResult> {
    const { board: info } = await this.access.require(user, { boardId }, 'member');
    const etag = boardEtag(boardId, info, view);
    if (etagMatches(ifNoneMatch, etag)) return { notModified: true, etag };
    const [summary, content] = await Promise.all([
      this.boards.summary(boardId, user.id),
      this.content.content(boardId, info.version, view),
    ]);
    const head: Omit<BoardDetail, 'labels' | 'fields' | 'lanes' | 'lists'> = {
      ...summary!,
      version: info.version,
    };
    const headJson = JSON.stringify(head).slice(0, -1);
    const json = `${headJson},${content.json}}`;
    // The content's pieces keep their deflates: only this reader's head is compressed here.
    const gzip =
      acceptsGzip && json.length >= GZIP_MIN_BYTES
        ? await this.gzipped.get(boardId, `${etag}${headJson}`, async () =>
            gzipPieces(`${headJson},`, await deflatedPieces(content), '}'),
          )
        : null;
    return { notModified: false, etag, json, gzip };
  }

  async update(
    boardId: string,
    user: AuthUser,
    input: UpdateBoardInput,
    expected?: number,
  ): Promise<BoardSummary> {
    const { board: before } = await this.access.require(user, { boardId }, 'owner');
    const change = this.changes.run(boardId, user, async (tx) => {
      if (expected !== undefined) {
        const stored = (await this.boards.summary(boardId, user.id, tx))!;
        await requireRevision('board', expected, stored.revision, async () => stored);
      }
      const row = await this.boards.update(boardId, input, tx);
      const renamed = input.title !== undefined && input.title !== before.title;
      return {
        result: row,
        event: {
          type: 'board.updated',
          payload: {
            title: row.title,
            description: row.description,
            linkJoining: row.linkJoining,
            isTemplate: row.isTemplate,
            revision: row.revision,
          },
        },
        activity: {
          actionType: 'UPDATE_BOARD',
          ...(renamed
            ? activityText('board.renamed', { from: before.title, to: row.title })
            : activityText('board.updated', { board: row.title })),
        },
      };
    });
    await change.catch(async (err: unknown) => {
      // The refused transaction had bumped the board's row (its time too): the 412 shows it as committed.
      if (!(err instanceof RevisionConflictException)) throw err;
      throw new RevisionConflictException('board', expected!, (await this.boards.summary(boardId, user.id))!);
    });
    return (await this.boards.summary(boardId, user.id))!;
  }

  async setArchived(boardId: string, user: AuthUser, isArchived: boolean): Promise<BoardSummary> {
    await this.access.require(user, { boardId }, 'owner');
    await this.changes.run(boardId, user, async (tx) => {
      const row = await this.boards.update(boardId, { isArchived }, tx);
      return {
        result: row,
        event: { type: isArchived ? 'board.archived' : 'board.unarchived', payload: { isArchived } },
        activity: {
          actionType: isArchived ? 'ARCHIVE_BOARD' : 'UNARCHIVE_BOARD',
          ...activityText(isArchived ? 'board.archived' : 'board.restored', { board: row.title }),
        },
      };
    });
    return (await this.boards.summary(boardId, user.id))!;
  }

  /** Deletes the board with everything in it (lists, cards, labels, comments, activities). */
  async deletePermanently(boardId: string, user: AuthUser): Promise<{ message: string; _id: string }> {
    await this.access.require(user, { boardId }, 'owner');
    await this.changes.run(boardId, user, async (tx) => {
      await this.boards.delete(boardId, tx);
      return { result: null, event: { type: 'board.deleted', payload: { _id: boardId } } };
    });
    return { message: 'Board permanently deleted', _id: boardId };
  }

  async togglePin(boardId: string, user: AuthUser): Promise<{ _id: string; isPinned: boolean }> {
    await this.access.require(user, { boardId }, 'member');
    const isPinned = await this.boards.togglePin(boardId, user.id);
    // The pin is part of this reader's ETag (BoardAccessCache).
    await this.events.publish('pin', { boardId, userId: user.id });
    return { _id: boardId, isPinned };
  }
}
