import { compactBoard, type CompactBoardDetail } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { buildBoardDetail, buildLanesBoard, cellOrder, cardOrder } from '../board-fixtures';
import { isSamePlace, moveCardTo, putCardBack } from './positions';

const lanesBoard = (): CompactBoardDetail => compactBoard(buildLanesBoard());

describe('moveCardTo', () => {
  it('without a lane, moves the card to an index of the whole list and keeps its lane', () => {
    const board = lanesBoard();

    moveCardTo(board, 'c4', 'todo', 1);

    expect(cardOrder(board)['To Do']).toEqual(['c1', 'c4', 'c2', 'c3', 'c5']);
    expect(cellOrder(board)['To Do/Backend']).toEqual(['c4', 'c5']);
  });

  it('with a lane, puts the card at that index of the destination cell and in that lane', () => {
    const board = lanesBoard();

    moveCardTo(board, 'c4', 'todo', 1, 'l1');

    expect(cellOrder(board)).toEqual({
      'To Do/-': ['c1'],
      'To Do/Frontend': ['c2', 'c4', 'c3'],
      'To Do/Backend': ['c5'],
    });
    const [c2, c4, c3] = board.lists[0]!.cards.slice(1, 4);
    expect(c2!.position < c4!.position && c4!.position < c3!.position).toBe(true);
  });

  it('puts a card after the cell’s last card, or last in the list for an empty cell, and into the default lane with null', () => {
    const board = lanesBoard();

    moveCardTo(board, 'c1', 'done', 5, 'l2');
    expect(cellOrder(board)['Done/Backend']).toEqual(['c4', 'c1']);

    moveCardTo(board, 'c2', 'done', 0, 'l1');
    expect(cardOrder(board).Done).toEqual(['c4', 'c1', 'c2']);
    expect(cellOrder(board)['Done/Frontend']).toEqual(['c2']);

    moveCardTo(board, 'c5', 'todo', 0, null);
    expect(cellOrder(board)['To Do/-']).toEqual(['c5']);
    expect(board.lists[0]!.cards.find((card) => card._id === 'c5')).not.toHaveProperty('laneId');
  });

  it('moves a card within its cell', () => {
    const board = lanesBoard();

    moveCardTo(board, 'c3', 'todo', 0, 'l1');

    expect(cellOrder(board)['To Do/Frontend']).toEqual(['c3', 'c2']);
    expect(cardOrder(board)['To Do']).toEqual(['c1', 'c3', 'c2', 'c5']);
  });
});

describe('putCardBack', () => {
  it('undoes a lane move: the card is back in its list, lane and place', () => {
    const board = lanesBoard();
    const before = structuredClone(board);
    const c3 = board.lists[0]!.cards[2]!;
    const was = { listId: 'todo', position: c3.position, laneId: 'l1' };

    moveCardTo(board, 'c3', 'done', 0, null);
    putCardBack(board, 'c3', was);

    expect(board).toEqual(before);
  });
});

describe('isSamePlace', () => {
  it('compares the list index without a lane, the cell and its index with one', () => {
    const plain = compactBoard(buildBoardDetail());
    expect(isSamePlace(plain, 'c2', 'todo', 1)).toBe(true);
    expect(isSamePlace(plain, 'c2', 'todo', 0)).toBe(false);

    const board = lanesBoard();
    expect(isSamePlace(board, 'c3', 'todo', 1, 'l1')).toBe(true);
    expect(isSamePlace(board, 'c3', 'todo', 0, 'l1')).toBe(false);
    expect(isSamePlace(board, 'c3', 'todo', 1, 'l2')).toBe(false);
    expect(isSamePlace(board, 'c1', 'todo', 0, null)).toBe(true);
  });
});
