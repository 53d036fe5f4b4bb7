import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { LIMITS, type CreateLabelInput, type Label, type UpdateLabelInput } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { toLabel } from './label.view';
import { LabelsRepository } from './labels.repository';

export const LABEL_LIMIT_MESSAGE = `You have reached the limit of ${LIMITS.customLabelsPerBoard} custom labels.`;

/**
 * A board's labels. The five defaults may be renamed, recoloured and deleted like any other
 * (as in Trello); they never count toward the limit of custom labels, and new labels are custom.
 */
@Injectable()
export class LabelsService {
  constructor(
    private readonly labels: LabelsRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  async list(boardId: string, user: AuthUser): Promise<Label[]> {
    await this.access.require(user, { boardId }, 'member');
    return this.labels.forBoard(boardId);
  }

  async create(boardId: string, user: AuthUser, input: CreateLabelInput): Promise<Label> {
    await this.access.require(user, { boardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      // Counted under the board row lock BoardChanges took, so concurrent creates cannot overshoot.
      if ((await this.labels.countCustom(boardId, tx)) >= LIMITS.customLabelsPerBoard)
        throw new ConflictException(LABEL_LIMIT_MESSAGE);
      const label = toLabel(await this.labels.create({ boardId, name: input.name, color: input.color }, tx));
      return {
        result: label,
        event: { type: 'label.created', payload: label },
        activity: {
          actionType: 'CREATE_LABEL',
          ...activityText('label.created', { label: label.name }),
        },
      };
    });
  }

  async update(labelId: string, user: AuthUser, input: UpdateLabelInput): Promise<Label> {
    const before = await this.access.require(user, { labelId }, 'member');
    return this.changes.run(before.boardId, user, async (tx) => {
      const row = await this.labels.update(labelId, { name: input.name, color: input.color }, tx);
      if (!row) throw new NotFoundException('Label not found');
      const label = toLabel(row);
      return {
        result: label,
        event: { type: 'label.updated', payload: label },
        activity: {
          actionType: 'UPDATE_LABEL',
          ...(label.name !== before.name
            ? activityText('label.renamed', { from: before.name, to: label.name })
            : activityText('label.updated', { label: label.name })),
        },
      };
    });
  }

  async delete(labelId: string, user: AuthUser): Promise<{ message: string; _id: string }> {
    const label = await this.access.require(user, { labelId }, 'member');
    return this.changes.run(label.boardId, user, async (tx) => {
      if (!(await this.labels.delete(labelId, tx))) throw new NotFoundException('Label not found');
      return {
        result: { message: 'Label deleted', _id: labelId },
        event: { type: 'label.deleted', payload: { _id: labelId } },
        activity: {
          actionType: 'DELETE_LABEL',
          ...activityText('label.deleted', { label: label.name }),
        },
      };
    });
  }
}
