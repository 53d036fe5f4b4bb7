import { applyEvent, type BoardEvent, type CompactBoardDetail } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import type { AppSocket } from './socket';

// Issue 16: the type checker refuses a board:event whose payload does not match its type. Each
// `@ts-expect-error` below is the assertion: `npm run typecheck` fails if the wrong line compiles.
describe('board events are typed per type in the browser', () => {
  it('gives a socket listener the payload of the event type it checked', () => {
    const seen: string[] = [];
    const listen = (socket: AppSocket) =>
      socket.on('board:event', (event) => {
        if (event.type === 'card.moved') seen.push(event.payload.toListId ?? '');
        // @ts-expect-error a card.deleted event has no title
        if (event.type === 'card.deleted') seen.push(event.payload.title);
      });
    expect(typeof listen).toBe('function');
  });

  it('refuses to apply an event whose payload belongs to another type', () => {
    const board = { _id: 'b', lists: [], labels: [], members: [] } as unknown as CompactBoardDetail;
    const event = {
      type: 'list.deleted',
      boardId: 'b',
      version: 2,
      actorId: 'u',
      payload: { _id: 'l' },
    } satisfies BoardEvent;
    expect(applyEvent(board, event)).toBe(true);
    const wrong: BoardEvent = {
      type: 'list.deleted',
      boardId: 'b',
      version: 3,
      actorId: 'u',
      // @ts-expect-error list.deleted carries the list's id, not a card
      payload: { cardId: 'c', labelId: 'x' },
    };
    expect(wrong.version).toBe(3);
  });
});
