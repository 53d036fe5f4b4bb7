import { applyCommentEvent } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { buildComment } from '../board-fixtures';

describe('applyCommentEvent (the shared rule for a card comment list)', () => {
  const older = buildComment('m1', 'first');
  const newer = buildComment('m2', 'second');

  it('puts a new comment first, once however often it comes', () => {
    const once = applyCommentEvent([older], { type: 'comment.created', payload: newer });
    expect(once.map((c) => c._id)).toEqual(['m2', 'm1']);
    expect(applyCommentEvent(once, { type: 'comment.created', payload: newer })).toEqual(once);
  });

  it('replaces an edited comment in place and ignores an edit of one it does not hold', () => {
    const edited = { ...older, text: 'edited' };
    const list = applyCommentEvent([newer, older], { type: 'comment.updated', payload: edited });
    expect(list.map((c) => c.text)).toEqual(['second', 'edited']);
    expect(applyCommentEvent([newer], { type: 'comment.updated', payload: edited })).toEqual([newer]);
  });

  it('takes a deleted comment out', () => {
    const list = applyCommentEvent([newer, older], {
      type: 'comment.deleted',
      payload: { _id: 'm1', cardId: 'c1' },
    });
    expect(list).toEqual([newer]);
  });
});
