import { describe, expect, it } from 'vitest';
import { takeFrames } from './sse-frames';

describe('takeFrames', () => {
  it('reads whole frames and keeps an unfinished one for the next chunk', () => {
    const { frames, rest } = takeFrames(
      'id: 4\nevent: card.moved\ndata: {"a":1}\n\n: ping\n\nid: 5\nevent: card',
    );
    expect(frames).toEqual([{ id: '4', event: 'card.moved', data: '{"a":1}' }]);
    expect(rest).toBe('id: 5\nevent: card');
    expect(takeFrames(`${rest}.created\ndata: {}\n\n`).frames).toEqual([
      { id: '5', event: 'card.created', data: '{}' },
    ]);
  });

  it('joins multi-line data and reads CRLF line ends', () => {
    expect(takeFrames('event: resync\r\ndata: {"version":\r\ndata: 7}\r\n\r\n').frames).toEqual([
      { event: 'resync', data: '{"version":\n7}' },
    ]);
  });
});
