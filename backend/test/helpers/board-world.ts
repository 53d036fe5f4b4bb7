import { randomUUID } from 'node:crypto';
import {
  attachmentBlobs,
  attachmentChunks,
  attachments,
  boardFields,
  boardMembers,
  cardLabels,
  cards,
  checklistItems,
  checklists,
  comments,
  labels,
  lanes,
  rules,
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
  /** An image attachment (with a thumbnail) on the first card. */
  attachmentId: string;
  /** A swimlane, empty. */
  laneId: string;
  /** A rule, turned off (docs/automation.md). */
  ruleId: string;
  /** A select custom field with one option, `optionId` (docs/fields.md); no card holds a value. */
  fieldId: string;
  optionId: string;
}

/**
 * A board owned by `owner` (with `members` added) holding two lists, two cards, a custom label on the
 * first card, a checklist with an item, a comment by the owner and an image attachment (with its
 * thumbnail) — inserted straight into the database.
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
  const [file, thumbnail] = await t.db
    .insert(attachmentBlobs)
    .values([{ size: 4 }, { size: 4 }])
    .returning({ id: attachmentBlobs.id });
  await t.db.insert(attachmentChunks).values([
    { blobId: file.id, seq: 0, data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    { blobId: thumbnail.id, seq: 0, data: Buffer.from('RIFF') },
  ]);
  const [attachment] = await t.db
    .insert(attachments)
    .values({
      boardId,
      cardId: card.id,
      blobId: file.id,
      thumbnailBlobId: thumbnail.id,
      name: 'photo.png',
      mimeType: 'image/png',
      size: 4,
      isImage: true,
      uploadedBy: owner._id,
    })
    .returning({ id: attachments.id });
  const [lane] = await t.db
    .insert(lanes)
    .values({ boardId, title: 'Lane', position: 1024 })
    .returning({ id: lanes.id });
  const [rule] = await t.db
    .insert(rules)
    .values({
      boardId,
      name: 'Rule',
      trigger: { type: 'checklist.completed' },
      actions: [{ type: 'archive' }],
      enabled: false,
      cursor: 0,
      createdBy: owner._id,
    })
    .returning({ id: rules.id });
  const optionId = randomUUID();
  const [field] = await t.db
    .insert(boardFields)
    .values({
      boardId,
      name: 'Size',
      type: 'select',
      options: [{ _id: optionId, name: 'S', color: '#123456' }],
      position: 0,
    })
    .returning({ id: boardFields.id });
  return {
    fieldId: field.id,
    optionId,
    laneId: lane.id,
    ruleId: rule.id,
    boardId,
    listId: list.id,
    otherListId: otherList.id,
    cardId: card.id,
    otherCardId: otherCard.id,
    labelId: label.id,
    checklistId: checklist.id,
    itemId: item.id,
    commentId: comment.id,
    attachmentId: attachment.id,
  };
}
