import { contentDelta } from './board-content-delta';

const CARD = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const LIST = '33333333-3333-4333-8333-333333333333';
const DEST = '44444444-4444-4444-8444-444444444444';

const at = (version: number, type: string, payload: unknown) => ({ version, type, payload });

describe(contentDelta.name, () => {
  it('names the cards and lists the changes to cards name', () => {
    const delta = contentDelta(
      [
        at(6, 'card.updated', { _id: CARD, listId: LIST, title: 'x' }),
        at(7, 'checklistItem.updated', { _id: OTHER, checklistId: OTHER, cardId: CARD }),
        at(8, 'card.moved', {
          cardId: CARD,
          fromListId: LIST,
          toListId: DEST,
          position: 1,
          laneId: null,
          cards: [{ _id: OTHER, listId: DEST, position: 2 }],
        }),
        at(9, 'comment.created', { _id: OTHER, cardId: CARD }),
      ],
      5,
      9,
    );
    expect(delta).toEqual({ listIds: new Set([LIST, DEST]), cardIds: new Set([CARD, OTHER]) });
  });

  it('takes a card event named twice as one, and changes outside the content as none', () => {
    const rename = (v: number) => at(v, 'card.updated', { _id: CARD, listId: LIST });
    expect(contentDelta([rename(2), rename(3)], 1, 3)).toEqual({
      listIds: new Set([LIST]),
      cardIds: new Set([CARD]),
    });
    expect(
      contentDelta([at(2, 'board.updated', { title: 'x' }), at(3, 'rule.deleted', { _id: CARD })], 1, 3),
    ).toEqual({ listIds: new Set(), cardIds: new Set() });
  });

  it('reads everything again after a change to labels, fields, lanes or lists, or one it does not know', () => {
    for (const type of [
      'label.deleted',
      'field.updated',
      'lane.deleted',
      'list.updated',
      'lists.reordered',
      'member.removed',
      'card.somethingNew',
    ])
      expect(contentDelta([at(2, type, { _id: CARD, listId: LIST })], 1, 2)).toBe('all');
  });

  it('reads everything again when the log misses a version or a card change names nothing', () => {
    expect(contentDelta([at(3, 'card.updated', { _id: CARD, listId: LIST })], 1, 3)).toBe('all');
    expect(contentDelta([at(2, 'card.updated', { _id: CARD, listId: LIST })], 1, 3)).toBe('all');
    expect(
      contentDelta(
        [at(2, 'card.moved', { cardId: null, fromListId: null, toListId: null, cards: [] })],
        1,
        2,
      ),
    ).toBe('all');
    expect(contentDelta([at(2, 'card.updated', { _id: 'not-an-id' })], 1, 2)).toBe('all');
    expect(contentDelta([at(2, 'card.updated', null)], 1, 2)).toBe('all');
  });
});
