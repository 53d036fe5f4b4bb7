import { Injectable, NotFoundException } from '@nestjs/common';
import type { Checklist, CreateChecklistInput, Undoable, UpdateChecklistInput } from '@papan/shared';
import { requireRevision } from '../../common/revisions/revision-conflict';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { UndoEntries } from '../undo/undo-entries';
import { checklistActivity } from './checklist-activity';
import { ChecklistsRepository, toChecklist } from './checklists.repository';

@Injectable()
export class ChecklistsService {
  constructor(
    private readonly checklists: ChecklistsRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
    private readonly undo: UndoEntries,
  ) {}

  async create(cardId: string, user: AuthUser, input: CreateChecklistInput): Promise<Checklist> {
    const card = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(card.boardId, user, async (tx) => {
      const row = await this.checklists.create({ boardId: card.boardId, cardId, title: input.title }, tx);
      const checklist = toChecklist(row, []);
      return {
        result: checklist,
        event: { type: 'checklist.created', payload: checklist },
        activity: {
          actionType: 'CREATE_CHECKLIST',
          ...checklistActivity.created(checklist.title, card.title),
        },
      };
    });
  }

  async update(
    checklistId: string,
    user: AuthUser,
    input: UpdateChecklistInput,
    expected?: number,
  ): Promise<Checklist> {
    const before = await this.access.require(user, { checklistId }, 'member');
    return this.changes.run(before.boardId, user, async (tx) => {
      const stored = await this.checklists.find(checklistId, tx);
      if (!stored) throw new NotFoundException('Checklist not found');
      await requireRevision('checklist', expected, stored.revision, async () =>
        toChecklist(stored, await this.checklists.items(checklistId, tx)),
      );
      const row = await this.checklists.update(checklistId, input.title, tx);
      if (!row) throw new NotFoundException('Checklist not found');
      const checklist = toChecklist(row, await this.checklists.items(checklistId, tx));
      return {
        result: checklist,
        event: { type: 'checklist.updated', payload: checklist },
        activity: {
          actionType: 'UPDATE_CHECKLIST',
          ...checklistActivity.renamed(before.title, checklist.title),
        },
      };
    });
  }

  async delete(checklistId: string, user: AuthUser): Promise<Undoable<{ message: string; _id: string }>> {
    const checklist = await this.access.require(user, { checklistId }, 'member');
    const { boardId } = checklist;
    return this.changes.run(boardId, user, async (tx) => {
      const what = { kind: 'checklist', targetId: checklistId, boardId, userId: user.id } as const;
      const undoToken = await this.undo.keep(what, tx);
      if (!(await this.checklists.delete(checklistId, tx)))
        throw new NotFoundException('Checklist not found');
      return {
        result: { message: 'Checklist deleted', _id: checklistId, undoToken },
        event: { type: 'checklist.deleted', payload: { _id: checklistId, cardId: checklist.cardId } },
        activity: {
          actionType: 'DELETE_CHECKLIST',
          ...checklistActivity.deleted(checklist.title, checklist.cardTitle),
        },
      };
    });
  }
}
