import { Injectable } from '@nestjs/common';
import type { Card, RuleAction } from '@papan/shared';
import type { Executor, Transaction } from '../../database/database';
import { sendEach } from '../../database/statement';
import type { BoardChange, RuleActor } from '../board-changes/board-changes.service';
import { CardMembersService } from '../cards/card-members.service';
import { CardReadRepository } from '../cards/card-read.repository';
import { CardsService } from '../cards/cards.service';
import { checklistActivity } from '../checklists/checklist-activity';
import { ChecklistsRepository, toChecklist } from '../checklists/checklists.repository';
import { CommentsService } from '../comments/comments.service';
import { DndService } from '../dnd/dnd.service';
import { RulesRepository, type RuleRow } from './rules.repository';
import { zonedDate } from './zoned-time';

/** What one run acts on and in whose name (docs/automation.md, "Actions"). */
export interface RunContext {
  boardId: string;
  rule: RuleRow;
  actor: RuleActor;
  /** The triggering event's card; a `createCard` makes its new card the one the next actions act on. */
  cardId: string | null;
  /** Who made the triggering change (null: a rule, or a schedule). */
  triggerActorId: string | null;
}

/** A run's changes, in order, as one board change: its first event is the change's own. */
export interface RunChanges {
  parts: BoardChange<unknown>[];
  /** Why each action that changed nothing did not. */
  skipped: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A rule's actions, each through the work the matching call of a person uses (CardsService,
 * DndService…), so a rule's move is checked, recorded and published as a person's is.
 */
@Injectable()
export class RuleActions {
  constructor(
    private readonly cards: CardsService,
    private readonly members: CardMembersService,
    private readonly comments: CommentsService,
    private readonly dnd: DndService,
    private readonly reads: CardReadRepository,
    private readonly checklists: ChecklistsRepository,
    private readonly rules: RulesRepository,
  ) {}

  async perform(ctx: RunContext, tx: Transaction): Promise<RunChanges> {
    const parts: BoardChange<unknown>[] = [];
    const skipped: string[] = [];
    const state = { cardId: ctx.cardId };
    for (const action of ctx.rule.actions) {
      const part = await this.one(action, ctx, state, tx);
      if (typeof part === 'string') {
        skipped.push(`${action.type}: ${part}`);
        continue;
      }
      // The next action reads what this one wrote.
      await sendEach(part.alongside ?? [], tx);
      parts.push({ ...part, alongside: [] });
    }
    return { parts, skipped };
  }

  /** One action's change, or why it changes nothing. */
  private async one(
    action: RuleAction,
    ctx: RunContext,
    state: { cardId: string | null },
    tx: Transaction,
  ): Promise<BoardChange<unknown> | string> {
    const { boardId } = ctx;
    if (action.type === 'createCard') return this.createCard(action, ctx, state, tx);
    const card = state.cardId ? await this.reads.card(state.cardId, tx) : undefined;
    if (!card || card.boardId !== boardId) return 'the card is gone';
    const cardId = card._id;
    switch (action.type) {
      case 'moveToList': {
        if (card.listId === action.listId) return 'the card is in that list already';
        const newPosition = action.position === 'top' ? 0 : Number.MAX_SAFE_INTEGER;
        const move = { type: 'card' as const, cardId, sourceListId: card.listId, destListId: action.listId };
        return this.dnd.moveWork(boardId, { ...move, newPosition })(tx);
      }
      case 'addLabel':
        if (card.labels.some((l) => l._id === action.labelId)) return 'the card has that label already';
        return this.cards.addLabelWork(cardId, action.labelId)(tx);
      case 'removeLabel':
        if (!card.labels.some((l) => l._id === action.labelId)) return 'the card does not have that label';
        return this.cards.removeLabelWork(cardId, action.labelId)(tx);
      case 'addMember':
      case 'removeMember': {
        const userId = action.userId === 'actor' ? ctx.triggerActorId : action.userId;
        if (!userId) return 'nobody made the triggering change';
        const on = card.memberIds.includes(userId);
        if (action.type === 'addMember') {
          if (on) return 'that person is on the card already';
          if (!(await this.rules.isMember(boardId, userId, tx))) return 'that person is not a board member';
          return this.members.addWork(boardId, cardId, ctx.actor, userId)(tx);
        }
        if (!on) return 'that person is not on the card';
        return this.members.removeWork(boardId, cardId, ctx.actor, userId)(tx);
      }
      case 'setDue': {
        const dueAt = zonedDate(new Date(), action.inDays, action.at, action.tz ?? 'UTC').toISOString();
        if (card.dueAt === dueAt) return 'the card is due then already';
        return this.cards.updateWork(boardId, cardId, { dueAt })(tx);
      }
      case 'completeDue':
        if (!card.dueAt || card.dueComplete) return 'the card has no open due date';
        return this.cards.updateWork(boardId, cardId, { dueComplete: true })(tx);
      case 'addChecklist':
        return this.addChecklist(boardId, card, action.title, action.items, tx);
      case 'comment':
        return this.comment(ctx, card, action.text, tx);
      case 'archive':
        return this.cards.removeWork(boardId, cardId, ctx.actor)(tx);
    }
  }

  /** A new card, with its labels, checklist and due date: each its own event in the run's change. */
  private async createCard(
    action: Extract<RuleAction, { type: 'createCard' }>,
    ctx: RunContext,
    state: { cardId: string | null },
    tx: Transaction,
  ): Promise<BoardChange<unknown> | string> {
    const { boardId } = ctx;
    const input = { title: action.title, description: action.description ?? '' };
    const created = await this.cards.createWork(boardId, action.listId, ctx.actor, input)(tx);
    await sendEach(created.alongside ?? [], tx);
    const card = created.result;
    state.cardId = card._id;
    const more: BoardChange<unknown>[] = [];
    for (const labelId of new Set(action.labelIds ?? []))
      more.push(await this.cards.addLabelWork(card._id, labelId)(tx));
    if (action.checklist)
      more.push(await this.addChecklist(boardId, card, action.checklist.title, action.checklist.items, tx));
    if (action.dueInDays !== undefined) {
      const minute = 60_000;
      const dueAt = new Date(Math.round((Date.now() + action.dueInDays * DAY_MS) / minute) * minute);
      more.push(await this.cards.updateWork(boardId, card._id, { dueAt: dueAt.toISOString() })(tx));
    }
    return merge({ ...created, alongside: [] }, more);
  }

  private async addChecklist(
    boardId: string,
    card: Card,
    title: string,
    items: string[],
    tx: Executor,
  ): Promise<BoardChange<unknown>> {
    // Checklists and items are read in the order they were made: one transaction's share a clock.
    const at = Date.now();
    const row = await this.checklists.create(
      { boardId, cardId: card._id, title, createdAt: new Date(at) },
      tx,
    );
    const itemRows = [];
    for (const [i, text] of items.entries())
      itemRows.push(await this.checklists.createItem(row.id, text, tx, new Date(at + i + 1)));
    const checklist = toChecklist(row, itemRows);
    return {
      result: checklist,
      event: { type: 'checklist.created', payload: checklist },
      activity: { actionType: 'CREATE_CHECKLIST', ...checklistActivity.created(title, card.title) },
    };
  }

  /**
   * A comment in the name of the rule's owner (comments have a person as author; the event and the
   * activity still say Automation), with `{card}` and `{actor}` filled in.
   */
  private async comment(ctx: RunContext, card: Card, template: string, tx: Executor) {
    const authorId = ctx.rule.createdBy;
    if (!authorId || !(await this.rules.isMember(ctx.boardId, authorId, tx)))
      return "the rule's owner is no longer a board member";
    const actorName = ctx.triggerActorId ? await this.rules.userName(ctx.triggerActorId, tx) : null;
    const text = template.replaceAll('{card}', card.title).replaceAll('{actor}', actorName ?? 'Automation');
    return this.comments.createWork(ctx.boardId, { cardId: card._id, title: card.title }, authorId, { text })(
      tx,
    );
  }
}

/**
 * One change of several: the first's event is its own, the others' events follow with their
 * activities; each keeps the rule that made it (`by`).
 */
export function merge(first: BoardChange<unknown>, rest: BoardChange<unknown>[]): BoardChange<unknown> {
  const mine = <T extends { by?: RuleActor }>(items: T[] | undefined, by?: RuleActor) =>
    (items ?? []).map((item) => ({ ...item, by: item.by ?? by }));
  const later = mine(first.also, first.by);
  const activities = mine(first.activities, first.by);
  const notifications = [...(first.notifications ?? [])];
  for (const part of rest) {
    later.push({ ...part.event, by: part.by }, ...mine(part.also, part.by));
    if (part.activity) activities.push({ ...part.activity, by: part.by });
    activities.push(...mine(part.activities, part.by));
    notifications.push(...(part.notifications ?? []));
  }
  return { ...first, also: later, activities, notifications };
}
