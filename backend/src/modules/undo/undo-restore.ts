import { ConflictException, Injectable } from '@nestjs/common';
import type { BoardEventBody, UndoKind } from '@papan/shared';
import { activityText, type ActivityText } from '../../common/html';
import type { Executor } from '../../database/database';
import { CardReadRepository } from '../cards/card-read.repository';
import { keepValidValues } from '../fields/field-values';
import { FieldsRepository } from '../fields/fields.repository';
import { ListsRepository, toList } from '../lists/lists.repository';
import { hasSoftLimit, wipExceeded } from '../lists/wip-limits';
import { SNAPSHOT_TABLES, type Snapshot, type SnapshotRow, type SnapshotTable } from './undo-snapshot';
import { UndoRepository } from './undo.repository';

export interface Restored {
  event: BoardEventBody;
  activity: ActivityText;
  /** A soft WIP limit the restored card passes (docs/lanes.md). */
  also?: BoardEventBody[];
}

const conflict = (message: string) => new ConflictException(message);
const str = (row: SnapshotRow | undefined, column: string) => String(row?.[column] ?? '');

/**
 * Puts a deletion's rows back with their ids, inside the undo's transaction, and says it as the
 * one event that brings it back to every reader: the card (`card.created`), the list with its cards
 * (`list.created`), the card with the checklist in its place (`card.updated`), the comment
 * (`comment.created`). What the board lost meanwhile (a label, a member, a custom field or one of
 * its options) is left out, not failed on.
 */
@Injectable()
export class UndoRestore {
  constructor(
    private readonly repo: UndoRepository,
    private readonly reads: CardReadRepository,
    private readonly lists: ListsRepository,
    private readonly fields: FieldsRepository,
  ) {}

  async restore(kind: UndoKind, boardId: string, snapshot: Snapshot, tx: Executor): Promise<Restored> {
    switch (kind) {
      case 'card':
        return this.card(boardId, snapshot, tx);
      case 'list':
        return this.list(boardId, snapshot, tx);
      case 'checklist':
        return this.checklist(boardId, snapshot, tx);
      case 'comment':
        return this.comment(boardId, snapshot, tx);
    }
  }

  private async card(boardId: string, snapshot: Snapshot, tx: Executor): Promise<Restored> {
    const row = snapshot.cards?.[0];
    if (!row || !(await this.repo.unarchiveCard(row, tx)))
      throw conflict('The list this card was in no longer exists.');
    await this.putBack(boardId, { attachments: snapshot.attachments }, tx);
    const card = (await this.reads.card(str(row, 'id'), tx))!;
    const list = (await this.lists.find(card.listId, tx))!;
    const count = hasSoftLimit(list) ? await this.lists.openCount(list.id, tx) : 0;
    return {
      event: { type: 'card.created', payload: card },
      activity: activityText('card.undeleted', { card: card.title, list: list.title }),
      also: wipExceeded(list, card.isTemplate ? count : count - 1, count),
    };
  }

  private async list(boardId: string, snapshot: Snapshot, tx: Executor): Promise<Restored> {
    const row = snapshot.lists?.[0];
    if (!row || (await this.repo.listExists(str(row, 'id'), tx)))
      throw conflict('This list is already on the board.');
    await this.repo.suspendWipLimits(tx);
    await this.putBack(boardId, snapshot, tx);
    const listId = str(row, 'id');
    const list = toList(
      (await this.lists.find(listId, tx))!,
      (await this.reads.cardsOfLists([listId], tx)).get(listId)!,
    );
    return {
      event: { type: 'list.created', payload: list },
      activity: activityText('list.undeleted', { list: list.title }),
    };
  }

  private async checklist(boardId: string, snapshot: Snapshot, tx: Executor): Promise<Restored> {
    const row = snapshot.checklists?.[0];
    const cardId = str(row, 'card_id');
    if (!row || !(await this.repo.liveCard(cardId, tx)))
      throw conflict('The card this checklist was on no longer exists.');
    await this.putBack(boardId, snapshot, tx);
    const card = (await this.reads.card(cardId, tx))!;
    return {
      event: { type: 'card.updated', payload: card },
      activity: activityText('checklist.undeleted', { checklist: str(row, 'title'), card: card.title }),
    };
  }

  private async comment(boardId: string, snapshot: Snapshot, tx: Executor): Promise<Restored> {
    const row = snapshot.comments?.[0];
    const card = row && (await this.repo.liveCard(str(row, 'card_id'), tx));
    if (!row || !card) throw conflict('The card this comment was on no longer exists.');
    await this.putBack(boardId, snapshot, tx);
    return {
      event: { type: 'comment.created', payload: await this.repo.comment(str(row, 'id'), tx) },
      activity: activityText('comment.undeleted', { card: card.title }),
    };
  }

  /**
   * Inserts the rows table by table (parents first), leaving out labels the board no longer has
   * and card members no longer on it; an author or uploader whose account went becomes null, as
   * their deletion made the other rows.
   */
  private async putBack(boardId: string, snapshot: Snapshot, tx: Executor): Promise<void> {
    const people = [
      ...(snapshot.cards ?? []).map((r) => r.created_by),
      ...(snapshot.comments ?? []).map((r) => r.user_id),
      ...(snapshot.attachments ?? []).map((r) => r.uploaded_by),
    ].filter((id): id is string => typeof id === 'string');
    const existing = await this.repo.existingUsers([...new Set(people)], tx);
    const orNull = (id: unknown) => (typeof id === 'string' && existing.has(id) ? id : null);
    const fixes: Partial<Record<SnapshotTable, (rows: SnapshotRow[]) => Promise<SnapshotRow[]>>> = {
      cards: async (rows) => {
        const lanes = await this.repo.laneIds(boardId, tx);
        const fields = await this.fields.ofBoard(boardId, tx);
        return rows.map((r) => ({
          ...r,
          created_by: orNull(r.created_by),
          lane_id: typeof r.lane_id === 'string' && lanes.has(r.lane_id) ? r.lane_id : null,
          // A field deleted meanwhile (or a select option removed) already left every other card.
          fields: keepValidValues(fields, r.fields),
        }));
      },
      comments: async (rows) => rows.map((r) => ({ ...r, user_id: orNull(r.user_id) })),
      attachments: async (rows) => rows.map((r) => ({ ...r, uploaded_by: orNull(r.uploaded_by) })),
      card_labels: async (rows) => {
        const labels = await this.repo.labelIds(boardId, tx);
        return rows.filter((r) => labels.has(str(r, 'label_id')));
      },
      card_members: async (rows) => {
        const members = await this.repo.boardPeople(boardId, tx);
        return rows.filter((r) => members.has(str(r, 'user_id')));
      },
    };
    for (const table of SNAPSHOT_TABLES) {
      const rows = snapshot[table];
      if (!rows?.length) continue;
      await this.repo.insertRows(table, (await fixes[table]?.(rows)) ?? rows, tx);
    }
  }
}
