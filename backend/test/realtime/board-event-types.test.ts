import type { BoardEvent, BoardEventBody, ServerToClientEvents } from '@papan/shared';
import type { Server } from 'socket.io';
import { deliver } from '../../src/modules/realtime/deliver';

// Issue 16: the type checker refuses a board:event whose payload does not match its type. Each
// `@ts-expect-error` below is the assertion: `npm run typecheck` fails if the wrong line compiles.
describe('board events are typed per type on the server', () => {
  it('narrows the payload by the event type', () => {
    const event: BoardEvent = {
      type: 'card.deleted',
      boardId: 'b',
      version: 2,
      actorId: 'u',
      payload: { _id: 'c', listId: 'l' },
    };
    expect(event.type === 'card.deleted' && event.payload.listId).toBe('l');
  });

  it('refuses a payload of another type, in an event, a change and on the socket', () => {
    const wrongEvent: BoardEvent = {
      type: 'card.moved',
      boardId: 'b',
      version: 2,
      actorId: 'u',
      // @ts-expect-error a card.moved event does not carry a list
      payload: { _id: 'l', title: 'To do', position: 1024 },
    };
    // @ts-expect-error comment.deleted names the card the comment was on
    const wrongChange: BoardEventBody = { type: 'comment.deleted', payload: { _id: 'c' } };
    const send = (server: Server<never, ServerToClientEvents>) =>
      // @ts-expect-error the socket carries whole board events (version, actor), not bare changes
      deliver(server, 'board:b', [], 'board:event', {
        type: 'card.deleted',
        payload: { _id: 'c', listId: 'l' },
      });
    expect([wrongEvent.type, wrongChange.type, typeof send]).toEqual([
      'card.moved',
      'comment.deleted',
      'function',
    ]);
  });
});
