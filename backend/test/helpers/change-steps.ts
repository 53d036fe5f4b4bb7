import type { BoardEventType } from '@papan/shared';
import type { BoardIds } from './board-world';

/** One change request of the board API and the event type it publishes. */
export interface Step {
  type: BoardEventType;
  request: (
    ids: BoardIds,
    extra: Record<string, string>,
  ) => { method: 'post' | 'put' | 'patch' | 'delete'; path: string; body?: object };
  /** Remembers an id from the answer for later steps. */
  keep?: (body: Record<string, unknown>) => Record<string, string>;
  /** The change's own event, when `type` is one it records right after it (docs/realtime.md). */
  after?: BoardEventType;
}

/**
 * One request per change type of the board domain API, in an order that keeps each valid. `extra`
 * starts with `newcomerEmail`, `newcomerId` (a user who is not a member yet) and `ownerId`.
 */
export const STEPS: Step[] = [
  {
    type: 'board.updated',
    request: (i) => ({ method: 'put', path: `/api/boards/${i.boardId}`, body: { title: 'Renamed' } }),
  },
  {
    type: 'list.created',
    request: (i) => ({ method: 'post', path: `/api/boards/${i.boardId}/lists`, body: { title: 'Later' } }),
    keep: (b) => ({ listId: String(b._id) }),
  },
  {
    type: 'list.updated',
    request: (_i, x) => ({ method: 'put', path: `/api/lists/${x.listId}`, body: { title: 'Someday' } }),
  },
  {
    type: 'card.created',
    request: (_i, x) => ({ method: 'post', path: `/api/lists/${x.listId}/cards`, body: { title: 'Idea' } }),
    keep: (b) => ({ cardId: String(b._id) }),
  },
  {
    type: 'card.updated',
    request: (_i, x) => ({ method: 'put', path: `/api/cards/${x.cardId}`, body: { description: 'More' } }),
  },
  { type: 'card.copied', request: (_i, x) => ({ method: 'post', path: `/api/cards/${x.cardId}/copy` }) },
  {
    type: 'card.moved',
    request: (i, x) => ({
      method: 'put',
      path: `/api/boards/${i.boardId}/dnd`,
      body: { type: 'card', cardId: x.cardId, sourceListId: x.listId, destListId: i.listId, newPosition: 0 },
    }),
  },
  {
    type: 'lists.reordered',
    request: (i, x) => ({
      method: 'post',
      path: '/api/dnd/list',
      body: { boardId: i.boardId, orderedLists: [x.listId, i.otherListId, i.listId] },
    }),
  },
  {
    type: 'lane.created',
    request: (i) => ({ method: 'post', path: `/api/boards/${i.boardId}/lanes`, body: { title: 'Expedite' } }),
    keep: (b) => ({ laneId: String(b._id) }),
  },
  {
    type: 'lane.updated',
    request: (_i, x) => ({
      method: 'put',
      path: `/api/lanes/${x.laneId}`,
      body: { title: 'Urgent', position: 0 },
    }),
  },
  {
    // The seeded list holds two cards: a soft limit of 1 is passed by setting it.
    type: 'list.wipExceeded',
    after: 'list.updated',
    request: (i) => ({
      method: 'put',
      path: `/api/lists/${i.listId}`,
      body: { wipLimit: 1, wipMode: 'soft' },
    }),
  },
  { type: 'lane.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/lanes/${x.laneId}` }) },
  {
    type: 'rule.created',
    request: (i) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/rules`,
      body: {
        name: 'Tidy',
        trigger: { type: 'checklist.completed' },
        actions: [{ type: 'archive' }],
        enabled: false,
      },
    }),
    keep: (b) => ({ ruleId: String(b._id) }),
  },
  {
    type: 'rule.updated',
    request: (_i, x) => ({ method: 'patch', path: `/api/rules/${x.ruleId}`, body: { name: 'Tidy up' } }),
  },
  { type: 'rule.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/rules/${x.ruleId}` }) },
  {
    type: 'label.created',
    request: (i) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/labels`,
      body: { name: 'Urgent', color: '#ff0000' },
    }),
    keep: (b) => ({ labelId: String(b._id) }),
  },
  {
    type: 'label.updated',
    request: (_i, x) => ({ method: 'put', path: `/api/labels/${x.labelId}`, body: { color: '#00ff00' } }),
  },
  {
    type: 'card.labelAdded',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/cards/${x.cardId}/labels`,
      body: { labelId: x.labelId },
    }),
  },
  {
    type: 'card.labelRemoved',
    request: (_i, x) => ({ method: 'delete', path: `/api/cards/${x.cardId}/labels/${x.labelId}` }),
  },
  {
    type: 'card.memberAdded',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/cards/${x.cardId}/members`,
      body: { userId: x.ownerId },
    }),
  },
  {
    type: 'card.memberRemoved',
    request: (_i, x) => ({ method: 'delete', path: `/api/cards/${x.cardId}/members/${x.ownerId}` }),
  },
  { type: 'label.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/labels/${x.labelId}` }) },
  {
    type: 'field.created',
    request: (i) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/fields`,
      body: { name: 'Points', type: 'number' },
    }),
    keep: (b) => ({ fieldId: String(b._id) }),
  },
  {
    type: 'field.updated',
    request: (_i, x) => ({
      method: 'patch',
      path: `/api/fields/${x.fieldId}`,
      body: { showOnCard: true, position: 0 },
    }),
  },
  { type: 'field.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/fields/${x.fieldId}` }) },
  {
    type: 'checklist.created',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/cards/${x.cardId}/checklists`,
      body: { title: 'QA' },
    }),
    keep: (b) => ({ checklistId: String(b._id) }),
  },
  {
    type: 'checklist.updated',
    request: (_i, x) => ({
      method: 'put',
      path: `/api/checklists/${x.checklistId}`,
      body: { title: 'Review' },
    }),
  },
  {
    type: 'checklistItem.created',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/checklists/${x.checklistId}/items`,
      body: { text: 'Test' },
    }),
    keep: (b) => ({ itemId: String(b._id) }),
  },
  {
    type: 'checklistItem.updated',
    request: (_i, x) => ({
      method: 'put',
      path: `/api/checklists/${x.checklistId}/items/${x.itemId}`,
      body: { isCompleted: true },
    }),
  },
  {
    type: 'checklistItem.deleted',
    request: (_i, x) => ({ method: 'delete', path: `/api/checklists/${x.checklistId}/items/${x.itemId}` }),
  },
  {
    type: 'checklist.deleted',
    request: (_i, x) => ({ method: 'delete', path: `/api/checklists/${x.checklistId}` }),
  },
  {
    type: 'comment.created',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/cards/${x.cardId}/comments`,
      body: { text: 'Looks good' },
    }),
    keep: (b) => ({ commentId: String(b._id) }),
  },
  {
    type: 'comment.updated',
    request: (_i, x) => ({
      method: 'put',
      path: `/api/comments/${x.commentId}`,
      body: { text: 'Looks great' },
    }),
  },
  {
    type: 'comment.deleted',
    request: (_i, x) => ({ method: 'delete', path: `/api/comments/${x.commentId}` }),
  },
  { type: 'card.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/cards/${x.cardId}` }) },
  { type: 'list.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/lists/${x.listId}` }) },
  {
    type: 'member.invited',
    request: (i) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/members`,
      body: { email: 'not-yet@example.com' },
    }),
  },
  {
    type: 'member.added',
    request: (i, x) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/members`,
      body: { email: x.newcomerEmail },
    }),
  },
  {
    type: 'member.removed',
    request: (i, x) => ({ method: 'delete', path: `/api/boards/${i.boardId}/members/${x.newcomerId}` }),
  },
  { type: 'board.archived', request: (i) => ({ method: 'put', path: `/api/boards/${i.boardId}/archive` }) },
  {
    type: 'board.unarchived',
    request: (i) => ({ method: 'put', path: `/api/boards/${i.boardId}/unarchive` }),
  },
  {
    type: 'board.deleted',
    request: (i) => ({ method: 'delete', path: `/api/boards/${i.boardId}/permanent` }),
  },
];
