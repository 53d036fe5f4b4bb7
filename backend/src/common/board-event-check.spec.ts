import { Logger } from '@nestjs/common';
import {
  BOARD_EVENT_TYPES,
  boardEventSchema,
  boardEventSchemas,
  parseBoardEvent,
  type BoardEvent,
} from '@papan/shared';
import { checkedEvent, sendable } from './board-event-check';

const move = (): BoardEvent => ({
  boardId: 'b1',
  version: 7,
  type: 'card.moved',
  actorId: 'u1',
  occurredAt: '2026-01-02T03:04:05.678Z',
  payload: {
    cardId: 'c1',
    fromListId: 'l1',
    toListId: 'l2',
    position: 0,
    laneId: null,
    cards: [
      { _id: 'c1', listId: 'l2', position: 1024 },
      { _id: 'c2', listId: 'l1', position: 2048 },
    ],
  },
});

/** What a bug could put on the wire: any shape at all. */
const loose = (value: object): BoardEvent => value as BoardEvent;

describe('the board event schema (@papan/shared)', () => {
  it('has one schema per type, and the union takes a well-formed event as it is', () => {
    expect(Object.keys(boardEventSchemas).sort()).toEqual([...BOARD_EVENT_TYPES].sort());
    expect(boardEventSchema.parse(move())).toEqual(move());
    expect(parseBoardEvent(move())).toEqual({ ok: true, event: move() });
  });

  it('refuses a payload that does not match its type, naming the type, the version and the field', () => {
    const wrong = { ...move(), payload: { ...move().payload, cards: [{ _id: 'c1', position: '1024' }] } };
    expect(parseBoardEvent(wrong)).toEqual({
      ok: false,
      error:
        'card.moved v7: payload.cards[0].position: Invalid input: expected number, received string; ' +
        'payload.cards[0].listId: Invalid input: expected string, received undefined',
    });
  });

  it('refuses an unknown type, a bad envelope and what is not an object', () => {
    expect(parseBoardEvent({ ...move(), type: 'card.flown' })).toEqual({
      ok: false,
      error: 'card.flown v7: type: not a board event type (docs/realtime.md lists them)',
    });
    expect(parseBoardEvent({ ...move(), version: 0, occurredAt: 'yesterday' })).toEqual({
      ok: false,
      error: 'card.moved v0: version: Too small: expected number to be >=1; occurredAt: Invalid ISO datetime',
    });
    expect(parseBoardEvent('card.moved')).toEqual({
      ok: false,
      error: 'event: Invalid input: expected object, received string',
    });
  });

  it('counts the issues past the third', () => {
    const result = parseBoardEvent({
      type: 'comment.created',
      boardId: 'b',
      version: 1,
      actorId: 'u',
      payload: {},
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^comment\.created v1: payload\._id: .+ \(and 3 more\)$/);
  });

  it('leaves out a field no type has, rather than refusing the event', () => {
    const result = parseBoardEvent({ ...move(), extra: true });
    expect(result).toEqual({ ok: true, event: move() });
  });
});

describe('checking events before they are sent', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('passes a well-formed event, checking each object once', () => {
    const event = move();
    const parse = jest.spyOn(boardEventSchema, 'safeParse');
    expect([sendable(event, 'socket'), sendable(event, 'stream'), sendable(event, 'stream')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    expect(errors).not.toHaveBeenCalled();
  });

  it('refuses a malformed event on every channel and logs it once', () => {
    const bad = loose({ ...move(), version: 8, payload: { cardId: 'c1' } });
    expect([sendable(bad, 'socket'), sendable(bad, 'stream')]).toEqual([false, false]);
    // The same event read back from the log is a new object: refused again, not logged again.
    expect(checkedEvent({ ...bad }, 'event log')).toBeNull();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0][0]).toMatch(
      /^board b1: card\.moved v8: payload\.fromListId: Invalid input: .* — not sent \(socket\)$/,
    );
  });

  it('answers a stored event as the checked copy, which then goes out without another check', () => {
    const stored = { ...move(), version: 9, payload: { ...move().payload, unknownField: 1 } };
    const event = checkedEvent(stored, 'event log');
    expect(event).toEqual({ ...move(), version: 9 });
    const parse = jest.spyOn(boardEventSchema, 'safeParse');
    expect(sendable(event!, 'stream')).toBe(true);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });
});
