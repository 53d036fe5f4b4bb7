import { Injectable, NotFoundException } from '@nestjs/common';
import type { ChecklistItem, CreateChecklistItemInput, UpdateChecklistItemInput } from '@papan/shared';
import { requireRevision } from '../../common/revisions/revision-conflict';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { checklistActivity } from './checklist-activity';
import { ChecklistsRepository, toChecklistItem, type ChecklistItemRow } from './checklists.repository';

const ITEM_NOT_FOUND = 'Checklist item not found';

/** Items are always addressed through their own checklist: an item of another checklist is 404. */
@Injectable()
export class ChecklistItemsService {
  constructor(
    private readonly checklists: ChecklistsRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  async create(checklistId: string, user: AuthUser, input: CreateChecklistItemInput): Promise<ChecklistItem> {
    const checklist = await this.access.require(user, { checklistId }, 'member');
    return this.changes.run(checklist.boardId, user, async (tx) => {
      const item = toChecklistItem(await this.checklists.createItem(checklistId, input.text, tx));
      const progress = await this.checklists.totals(checklistId, tx);
      return {
        result: item,
        event: { type: 'checklistItem.created', payload: { ...item, cardId: checklist.cardId, progress } },
        activity: {
          actionType: 'CREATE_CHECKLIST_ITEM',
          ...checklistActivity.itemAdded(item.text, checklist.title),
        },
      };
    });
  }

  async update(
    checklistId: string,
    itemId: string,
    user: AuthUser,
    input: UpdateChecklistItemInput,
    expected?: number,
  ): Promise<ChecklistItem> {
    const checklist = await this.access.require(user, { checklistId }, 'member');
    const before = await this.find(checklistId, itemId);
    return this.changes.run(checklist.boardId, user, async (tx) => {
      const stored = await this.checklists.findItem(checklistId, itemId, tx);
      if (!stored) throw new NotFoundException(ITEM_NOT_FOUND);
      await requireRevision('checklist item', expected, stored.revision, async () => toChecklistItem(stored));
      const values = { text: input.text, isCompleted: input.isCompleted };
      const row = await this.checklists.updateItem(checklistId, itemId, values, tx);
      if (!row) throw new NotFoundException(ITEM_NOT_FOUND);
      const item = toChecklistItem(row);
      const progress = await this.checklists.totals(checklistId, tx);
      return {
        result: item,
        event: { type: 'checklistItem.updated', payload: { ...item, cardId: checklist.cardId, progress } },
        activity: {
          actionType: 'UPDATE_CHECKLIST_ITEM',
          ...checklistActivity.itemUpdated(before, item),
        },
      };
    });
  }

  async delete(
    checklistId: string,
    itemId: string,
    user: AuthUser,
  ): Promise<{ message: string; _id: string }> {
    const checklist = await this.access.require(user, { checklistId }, 'member');
    const item = await this.find(checklistId, itemId);
    return this.changes.run(checklist.boardId, user, async (tx) => {
      if (!(await this.checklists.deleteItem(checklistId, itemId, tx)))
        throw new NotFoundException(ITEM_NOT_FOUND);
      const progress = await this.checklists.totals(checklistId, tx);
      return {
        result: { message: 'Checklist item deleted', _id: itemId },
        event: {
          type: 'checklistItem.deleted',
          payload: { _id: itemId, checklistId, cardId: checklist.cardId, progress },
        },
        activity: {
          actionType: 'DELETE_CHECKLIST_ITEM',
          ...checklistActivity.itemDeleted(item.text, checklist.title),
        },
      };
    });
  }

  private async find(checklistId: string, itemId: string): Promise<ChecklistItemRow> {
    const item = await this.checklists.findItem(checklistId, itemId);
    if (!item) throw new NotFoundException(ITEM_NOT_FOUND);
    return item;
  }
}
