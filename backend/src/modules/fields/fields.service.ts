import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  FIELD_LIMITS,
  type BoardField,
  type CreateFieldInput,
  type FieldOption,
  type FieldOptionInput,
  type FieldType,
  type UpdateFieldInput,
} from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { toField } from './field.view';
import { FieldsRepository } from './fields.repository';

export const FIELD_LIMIT_MESSAGE = `A board has at most ${FIELD_LIMITS.perBoard} fields.`;
const fieldNotFound = () => new NotFoundException('Field not found');

/**
 * Custom fields (docs/fields.md): any member of the board adds, edits, reorders and deletes them,
 * as with labels. Each is one board change with its `field.*` event; a delete, or a select option
 * left out of an update, takes the values off every card in the same transaction. Like lanes and
 * rules, a field's own changes write no activity (its cards' value changes do).
 */
@Injectable()
export class FieldsService {
  constructor(
    private readonly fields: FieldsRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  /** A new field after the others. */
  async create(boardId: string, user: AuthUser, input: CreateFieldInput): Promise<BoardField> {
    await this.access.require(user, { boardId }, 'member');
    const options = optionsFor(input.type, input.options);
    return this.changes.run(boardId, user, async (tx) => {
      // Counted under the board row lock BoardChanges took, so concurrent creates cannot overshoot.
      const existing = await this.fields.rowsOf(boardId, tx);
      if (existing.length >= FIELD_LIMITS.perBoard) throw new ConflictException(FIELD_LIMIT_MESSAGE);
      const row = await this.fields.insert(
        {
          boardId,
          name: input.name,
          type: input.type,
          options,
          showOnCard: input.showOnCard ?? false,
          position: existing.length,
        },
        tx,
      );
      const field = toField(row);
      return { result: field, event: { type: 'field.created', payload: field } };
    });
  }

  /**
   * Renames it, replaces a select's options (values of the options left out leave every card),
   * shows or hides it on the card face, or moves it to index `position` (clamped; the others are
   * renumbered, which the one `field.updated` lets every reader do too).
   */
  async update(fieldId: string, user: AuthUser, input: UpdateFieldInput): Promise<BoardField> {
    const { boardId } = await this.access.require(user, { fieldId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const rows = await this.fields.rowsOf(boardId, tx);
      const before = rows.find((row) => row.id === fieldId) ?? throwIt(fieldNotFound());
      const options =
        input.options === undefined ? undefined : optionsFor(before.type, input.options, before.options);
      let position = before.position;
      if (input.position !== undefined) {
        const order = rows.map((row) => row.id).filter((id) => id !== fieldId);
        position = Math.min(input.position, order.length);
        order.splice(position, 0, fieldId);
        await this.fields.renumber(order, tx);
      }
      const row = await this.fields.update(
        fieldId,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(options !== undefined ? { options } : {}),
          ...(input.showOnCard !== undefined ? { showOnCard: input.showOnCard } : {}),
          position,
        },
        tx,
      );
      if (options !== undefined && before.type === 'select')
        await this.fields.clearValues(
          boardId,
          fieldId,
          options.map((option) => option._id),
          tx,
        );
      const field = toField(row ?? throwIt(fieldNotFound()));
      return { result: field, event: { type: 'field.updated', payload: field } };
    });
  }

  /** Deletes the field; its values leave every card and the fields after it move up. */
  async remove(fieldId: string, user: AuthUser): Promise<{ message: string; _id: string }> {
    const { boardId } = await this.access.require(user, { fieldId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      if (!(await this.fields.delete(fieldId, tx))) throw fieldNotFound();
      await this.fields.clearValues(boardId, fieldId, null, tx);
      await this.fields.renumber(
        (await this.fields.rowsOf(boardId, tx)).map((row) => row.id),
        tx,
      );
      return {
        result: { message: 'Field deleted', _id: fieldId },
        event: { type: 'field.deleted', payload: { _id: fieldId } },
      };
    });
  }
}

/**
 * A field's options as stored: only a select has them (at least one); an option sent without `_id`
 * gets one. On an update (`current`: the field's options) an `_id` must be one of them.
 */
function optionsFor(
  type: FieldType,
  input: FieldOptionInput[] | undefined,
  current?: FieldOption[],
): FieldOption[] {
  if (type !== 'select') {
    if (input?.length) throw new BadRequestException(`options: only a select field has options`);
    return [];
  }
  if (!input?.length) throw new BadRequestException('options: a select field needs at least one option');
  const known = current && new Set(current.map((option) => option._id));
  const seen = new Set<string>();
  return input.map(({ _id, name, color }, i) => {
    if (_id && known && !known.has(_id))
      throw new BadRequestException(`options.${i}._id: not an option of this field`);
    const id = _id ?? randomUUID();
    if (seen.has(id)) throw new BadRequestException(`options.${i}._id: appears twice`);
    seen.add(id);
    return { _id: id, name, color };
  });
}

function throwIt(error: Error): never {
  throw error;
}
