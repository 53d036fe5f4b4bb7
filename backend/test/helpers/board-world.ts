import {
  boardMembers,
  cardLabels,
  cards,
  checklistItems,
  checklists,
  comments,
  labels,
  lists,
} from '../../src/database/schema';
import { createBoard, type TestUser } from './factories';
import type { TestApp } from './test-app';

/** The ids of one board's content, for building requests. */
export interface BoardIds {
  boardId: string;
  listId: string;
  otherListId: string;
  cardId: string;
  otherCardId: string;
  labelId: string;
  checklistId: string;
  itemId: string;
  commentId: string;
}

/**
 * A board owned by `owner` (with `members` added) holding two lists, two cards, a custom label on the
 * first card, a checklist with an item and a comment by the owner — inserted straight into the database.
 */
export async function seedBoardWorld(
  t: TestApp,
  owner: TestUser,
  members: TestUser[] = [],
): Promise<BoardIds> {
  const board = await createBoard(t, owner, 'World');
  const boardId = board._id;
  if (members.length)
    await t.db.insert(boardMembers).values(members.map((m) => ({ boardId, userId: m._id })));
  const [list, otherList] = await t.db
    .insert(lists)
    .values([
      { boardId, title: 'To do', position: 1024 },
      { boardId, title: 'Done', position: 2048 },
    ])
    .returning({ id: lists.id });
  const [card, otherCard] = await t.db
    .insert(cards)
    .values([
      { boardId, listId: list.id, title: 'First', position: 1024 },
      { boardId, listId: list.id, title: 'Second', position: 2048 },
    ])
    .returning({ id: cards.id });
  const [label] = await t.db
    .insert(labels)
    .values({ boardId, name: 'Custom', color: '#123456' })
    .returning({ id: labels.id });
  await t.db.insert(cardLabels).values({ cardId: card.id, labelId: label.id });
  const [checklist] = await t.db
    .insert(checklists)
    .values({ boardId, cardId: card.id, title: 'Steps' })
    .returning({ id: checklists.id });
  const [item] = await t.db
    .insert(checklistItems)
    .values({ checklistId: checklist.id, text: 'Step one' })
    .returning({ id: checklistItems.id });
  const [comment] = await t.db
    .insert(comments)
    .values({ boardId, cardId: card.id, userId: owner._id, text: 'Hello' })
    .returning({ id: comments.id });
  return {
    boardId,
    listId: list.id,
    otherListId: otherList.id,
    cardId: card.id,
    otherCardId: otherCard.id,
    labelId: label.id,
    checklistId: checklist.id,
    itemId: item.id,
    commentId: comment.id,
  };
}
