import { findMentions, mentionedIds } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { matchPeople, mentionQueryAt } from './mention-query';

const people = [
  { _id: 'ann', name: 'Ann' },
  { _id: 'ann-lee', name: 'Ann Lee' },
  { _id: 'bob', name: 'Bob Stone' },
];

describe(findMentions.name, () => {
  it('takes the longest name that matches, case-insensitive, spaces allowed', () => {
    const text = 'hi @ANN LEE and @ann.';
    expect(findMentions(text, people)).toEqual([
      { start: 3, end: 11, userId: 'ann-lee' },
      { start: 16, end: 20, userId: 'ann' },
    ]);
  });

  it('needs the @ at a word start and the name to end there', () => {
    expect(findMentions('mail@Ann @Annabel @Ann_b @Ann2 @bob', people)).toEqual([]);
    expect(findMentions('(@Ann) @Ann, @Ann!', people).map((m) => m.userId)).toEqual(['ann', 'ann', 'ann']);
  });

  it('lists each mentioned person once, in order', () => {
    expect(mentionedIds('@Bob Stone @Ann @bob stone', people)).toEqual(['bob', 'ann']);
    expect(mentionedIds('@Ann', [])).toEqual([]);
  });
});

describe(mentionQueryAt.name, () => {
  it('finds the @query before the caret, spaces included', () => {
    expect(mentionQueryAt('Ask @ann l', 10)).toEqual({ at: 4, query: 'ann l' });
    expect(mentionQueryAt('@', 1)).toEqual({ at: 0, query: '' });
  });

  it('finds none in an e-mail address, across lines or without an @', () => {
    expect(mentionQueryAt('mail@ann', 8)).toBeNull();
    expect(mentionQueryAt('@ann\nnext', 9)).toBeNull();
    expect(mentionQueryAt('no sign', 7)).toBeNull();
  });
});

describe(matchPeople.name, () => {
  it('matches the start of the name or of any word in it', () => {
    expect(matchPeople(people, 'st').map((p) => p._id)).toEqual(['bob']);
    expect(matchPeople(people, 'ANN').map((p) => p._id)).toEqual(['ann', 'ann-lee']);
    expect(matchPeople(people, '').map((p) => p._id)).toEqual(['ann', 'ann-lee', 'bob']);
  });
});
