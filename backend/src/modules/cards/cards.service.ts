import { positionAfter, reposition } from '@papan/shared';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { Card, Checklist, CreateCardInput, UpdateCardInput, Undoable } from '@papan/shared';
import { requireRevision } from '../../common/revisions/revision-conflict';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import type { Executor } from '../../database/database';
import { BoardAccess } from '../board-access/board-access.service';
import { toLabel } from '../labels/label.view';
import { BoardChanges, type BoardChange, type ChangeActor } from '../board-changes/board-changes.service';
import { CardReadRepository, toCard } from './card-read.repository';
import { ListsRepository } from '../lists/lists.repository';
import { UndoEntries } from '../undo/undo-entries';
import { LanesRepository } from '../lanes/lanes.repository';
import { FieldsRepository } from '../fields/fields.repository';
import { mergeFieldValues } from '../fields/field-values';
import { hasSoftLimit, wipExceeded } from '../lists/wip-limits';
import type { ListRow } from '../lists/lists.repository';
import { CardsRepository, type CardRow } from './cards.repository';

const cardNotFound = () => new NotFoundException('Card not found');
const listNotFound = () => new NotFoundException('List not found');
const labelNotFound = () => new NotFoundException('Label not found');
const notALane = () => new BadRequestException('laneId: not a lane of this board');
const notATemplate = () => new BadRequestException('templateId: not a template card of this board');
const COPY = 'copy';

/**
 * Cards: members of the card's board may read, create, edit, copy, delete (archive) them and
 * attach labels. Each change re-reads the card inside the board's transaction, after its lock.
 */
@Injectable()
export class CardsService {
  constructor(
    private readonly cards: CardsRepository,
    private readonly lists: ListsRepository,
    private readonly reads: CardReadRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
    private readonly undo: UndoEntries,
    private readonly lanes: LanesRepository,
    private readonly fields: FieldsRepository,
  ) {}

  async ofList(listId: string, user: AuthUser): Promise<Card[]> {
    await this.access.require(user, { listId }, 'member');
    return (await this.reads.cardsOfLists([listId])).get(listId)!;
  }

  async checklists(cardId: string, user: AuthUser): Promise<Checklist[]> {
    await this.access.require(user, { cardId }, 'member');
    return (await this.reads.checklistsOf([cardId])).get(cardId) ?? [];
  }

  async create(listId: string, user: AuthUser, input: CreateCardInput): Promise<Card> {
    const { boardId } = await this.access.require(user, { listId }, 'member');
    return this.changes.run(boardId, user, this.createWork(boardId, listId, user, input));
  }

  /** A new card at the bottom of the list (a person's, or a rule's createCard: docs/automation.md). */
  createWork(boardId: string, listId: string, actor: ChangeActor, input: CreateCardInput) {
    return async (tx: Executor): Promise<BoardChange<Card>> => {
      const list = await this.lists.find(listId, tx);
      if (!list || list.boardId !== boardId) throw listNotFound();
      const laneId = input.laneId ?? null;
      if (laneId && !(await this.lanes.find(laneId, boardId, tx))) throw notALane();
      const template = input.templateId ? await this.template(input.templateId, boardId, tx) : null;
      const position = positionAfter(await this.cards.lastPosition(listId, tx));
      const row = await this.cards.insert(
        {
          boardId,
          listId,
          laneId,
          title: input.title ?? template!.title,
          description: input.description ?? template?.description ?? '',
          ...(template ? { fields: template.fields } : {}),
          position,
          createdBy: actor.id,
        },
        tx,
      );
      // From a template: its labels, checklists and members too (docs/product.md, "Templates").
      if (template) await this.cards.copyContent(contentOf(template), { id: row.id, boardId }, tx);
      const card = template
        ? (await this.reads.card(row.id, tx))!
        : toCard({ ...row, attachments: [] }, [], [], []);
      return {
        result: card,
        event: { type: 'card.created', payload: card },
        activity: {
          actionType: 'CREATE_CARD',
          ...activityText('card.created', { card: card.title, list: list.title }),
        },
        also: await this.limitPassed(list, 1, tx),
      };
    };
  }

  async update(cardId: string, user: AuthUser, input: UpdateCardInput, expected?: number): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, this.updateWork(boardId, cardId, input, expected));
  }

  /** `expected`: the revision the caller's `If-Match` names (docs/api.md, "Revisions"). */
  updateWork(boardId: string, cardId: string, input: UpdateCardInput, expected?: number) {
    return async (tx: Executor): Promise<BoardChange<Card>> => {
      const before = await this.liveCard(cardId, tx);
      if (before.boardId !== boardId) throw cardNotFound();
      await requireRevision(
        'card',
        expected,
        before.revision,
        async () => (await this.reads.card(cardId, tx))!,
      );
      const { dueAt, coverAttachmentId, fields, ...rest } = input;
      if (coverAttachmentId && !(await this.cards.imageAttachment(cardId, coverAttachmentId, tx)))
        throw new BadRequestException('coverAttachmentId: must be an image attached to this card');
      if (input.laneId && !(await this.lanes.find(input.laneId, boardId, tx))) throw notALane();
      // Checked against the board's fields as they are under its lock (docs/fields.md, "Values").
      const values =
        fields && mergeFieldValues(await this.fields.ofBoard(boardId, tx), before.fields, fields);
      await this.cards.update(
        cardId,
        {
          ...rest,
          ...(values ? { fields: values } : {}),
          ...(dueAt !== undefined ? { dueAt: dueAt === null ? null : new Date(dueAt) } : {}),
          ...(coverAttachmentId !== undefined ? { coverAttachmentId } : {}),
        },
        tx,
      );
      const card = (await this.reads.card(cardId, tx))!;
      return {
        result: card,
        event: { type: 'card.updated', payload: card },
        activity: { actionType: 'UPDATE_CARD', ...updateActivity(before, card) },
        // A template made a card again is work entering its list (docs/product.md, "Templates").
        also:
          before.isTemplate && !card.isTemplate
            ? await this.limitPassed((await this.lists.find(card.listId, tx))!, 1, tx)
            : [],
      };
    };
  }

  /**
   * Soft delete (a card is archived through the delete call: docs/product.md,
   * "States and transitions").
   */
  async remove(cardId: string, user: AuthUser): Promise<Undoable<{ message: string; _id: string }>> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    // A person always gets the token (removeWork keeps one for every actor with an id).
    return this.changes.run(boardId, user, this.removeWork(boardId, cardId, user)) as Promise<
      Undoable<{ message: string; _id: string }>
    >;
  }

  /** A person's delete can be undone by them; a rule's archive has nobody to undo it. */
  removeWork(boardId: string, cardId: string, actor: ChangeActor) {
    return async (
      tx: Executor,
    ): Promise<BoardChange<{ message: string; _id: string; undoToken?: string }>> => {
      const card = await this.liveCard(cardId, tx);
      if (card.boardId !== boardId) throw cardNotFound();
      const list = (await this.lists.find(card.listId, tx))!;
      const undoToken = actor.id
        ? await this.undo.keep({ kind: 'card', targetId: cardId, boardId, userId: actor.id }, tx)
        : undefined;
      await this.cards.archive(cardId, tx);
      return {
        result: { message: 'Card deleted', _id: cardId, ...(undoToken ? { undoToken } : {}) },
        event: { type: 'card.deleted', payload: { _id: cardId, listId: card.listId } },
        activity: {
          actionType: 'DELETE_CARD',
          ...activityText('card.deleted', { card: card.title, list: list.title }),
        },
      };
    };
  }

  /** A copy with the same title, labels and checklists, right after the original in its list. */
  async copy(cardId: string, user: AuthUser): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const original = (await this.reads.card(cardId, tx)) ?? throwIt(cardNotFound());
      const order = await this.cards.order(original.listId, tx);
      const ids = order.map((c) => c.id);
      ids.splice(ids.indexOf(cardId) + 1, 0, COPY);
      const { changed: moved } = reposition(ids, new Map(order.map((c) => [c.id, c.position])));
      const row = await this.cards.insert(
        {
          boardId,
          listId: original.listId,
          laneId: original.laneId,
          title: original.title,
          description: original.description,
          dueAt: original.dueAt ? new Date(original.dueAt) : null,
          dueComplete: original.dueComplete,
          // A template's copy is a template: "From a template" is how a card is made of one.
          isTemplate: original.isTemplate,
          fields: original.fields,
          position: moved.get(COPY)!,
          createdBy: user.id,
        },
        tx,
      );
      moved.delete(COPY);
      await this.cards.place(
        [...moved].map(([id, position]) => ({ id, listId: original.listId, position })),
        tx,
      );
      await this.cards.copyContent(contentOf(original), { id: row.id, boardId }, tx);
      if (original.attachments.length) await this.cards.shareAttachments(cardId, row.id, tx);
      const copy = (await this.reads.card(row.id, tx))!;
      return {
        result: copy,
        event: { type: 'card.copied', payload: { ...copy, copiedFrom: cardId } },
        activity: { actionType: 'COPY_CARD', ...activityText('card.copied', { card: copy.title }) },
        also: await this.limitPassed(
          (await this.lists.find(original.listId, tx))!,
          original.isTemplate ? 0 : 1,
          tx,
        ),
      };
    });
  }

  /** Attaches a label of the card's own board; attaching it twice changes nothing. */
  async addLabel(cardId: string, user: AuthUser, labelId: string): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, this.addLabelWork(cardId, labelId));
  }

  addLabelWork(cardId: string, labelId: string) {
    return async (tx: Executor): Promise<BoardChange<Card>> => {
      const card = await this.liveCard(cardId, tx);
      const label = await this.cards.findLabel(labelId, tx);
      if (!label || label.boardId !== card.boardId) throw labelNotFound();
      const attached = await this.cards.attachLabel(cardId, labelId, tx);
      const text = activityText('card.labelAdded', { label: label.name, card: card.title });
      return {
        result: (await this.reads.card(cardId, tx))!,
        event: { type: 'card.labelAdded', payload: { cardId, label: toLabel(label) } },
        activity: attached ? { actionType: 'ADD_LABEL', ...text } : undefined,
      };
    };
  }

  async removeLabel(cardId: string, user: AuthUser, labelId: string): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, this.removeLabelWork(cardId, labelId));
  }

  removeLabelWork(cardId: string, labelId: string) {
    return async (tx: Executor): Promise<BoardChange<Card>> => {
      const card = await this.liveCard(cardId, tx);
      const label = await this.cards.findLabel(labelId, tx);
      if (!label || label.boardId !== card.boardId) throw labelNotFound();
      const detached = await this.cards.detachLabel(cardId, labelId, tx);
      const [name, title] = [label.name, card.title];
      const text = activityText('card.labelRemoved', { label: name, card: title });
      return {
        result: (await this.reads.card(cardId, tx))!,
        event: { type: 'card.labelRemoved', payload: { cardId, labelId } },
        activity: detached ? { actionType: 'REMOVE_LABEL', ...text } : undefined,
      };
    };
  }

  /** The `list.wipExceeded` of `entered` new cards in the list, counted after them (docs/lanes.md). */
  private async limitPassed(list: ListRow, entered: number, tx: Executor) {
    if (!hasSoftLimit(list)) return [];
    const count = await this.lists.openCount(list.id, tx);
    return wipExceeded(list, count - entered, count);
  }

  /** A live template card of the board, for a card made from it. */
  private async template(templateId: string, boardId: string, tx: Executor): Promise<Card> {
    const template = await this.reads.card(templateId, tx);
    if (!template || template.boardId !== boardId || !template.isTemplate) throw notATemplate();
    return template;
  }

  /** The card as it is inside the transaction: it may have been deleted since the access check. */
  private async liveCard(cardId: string, tx: Executor): Promise<CardRow> {
    return (await this.cards.find(cardId, tx)) ?? throwIt(cardNotFound());
  }
}

/** What a copy of a card takes along besides its own row: labels, members, checklists. */
const contentOf = (card: Card) => ({
  labelIds: card.labels.map((l) => l._id),
  checklists: card.checklists,
  memberIds: card.memberIds,
});

/** What a card update says in the activity feed: the most telling of what changed. */
function updateActivity(before: CardRow, card: Card) {
  if (card.title !== before.title)
    return activityText('card.renamed', { from: before.title, to: card.title });
  const dueBefore = before.dueAt?.toISOString() ?? null;
  if (card.dueAt !== dueBefore)
    return card.dueAt
      ? activityText('card.dueSet', { card: card.title, due: card.dueAt })
      : activityText('card.dueRemoved', { card: card.title });
  if (card.dueComplete !== before.dueComplete)
    return activityText(card.dueComplete ? 'card.dueCompleted' : 'card.dueReopened', { card: card.title });
  if (card.coverAttachmentId !== before.coverAttachmentId) {
    const cover = card.attachments.find((a) => a._id === card.coverAttachmentId);
    return cover
      ? activityText('card.coverSet', { file: cover.name, card: card.title })
      : activityText('card.coverRemoved', { card: card.title });
  }
  return activityText('card.updated', { card: card.title });
}

function throwIt(error: Error): never {
  throw error;
}
