import { describe, expect, it } from 'vitest';
import { mergeTexts } from './text-merge';

describe(mergeTexts.name, () => {
  const base = 'We ship on Friday.\n\nThe release notes list every fix.';

  it('keeps both sentences when both people add one at the end', () => {
    const mine = `${base}\nAda checks the migrations.`;
    const theirs = `${base}\nBudi writes the announcement.`;
    const merged = mergeTexts(base, mine, theirs);
    expect(merged.clean).toBe(true);
    expect(merged.text).toContain('Ada checks the migrations.');
    expect(merged.text).toContain('Budi writes the announcement.');
    expect(merged.text.startsWith(base)).toBe(true);
  });

  it('applies changes in different places of the text', () => {
    const mine = base.replace('Friday', 'Thursday');
    const theirs = base.replace('every fix', 'every fix and known issue');
    expect(mergeTexts(base, mine, theirs)).toEqual({
      text: 'We ship on Thursday.\n\nThe release notes list every fix and known issue.',
      clean: true,
    });
  });

  it('takes the other text when mine did not change, and mine when theirs did not', () => {
    expect(mergeTexts(base, base, 'new')).toEqual({ text: 'new', clean: true });
    expect(mergeTexts(base, 'mine', base)).toEqual({ text: 'mine', clean: true });
  });

  it('answers the same edit made twice once', () => {
    const both = `${base} Done.`;
    expect(mergeTexts(base, both, both)).toEqual({ text: both, clean: true });
  });

  it('keeps a deletion by the other side of a part mine left alone', () => {
    const mine = base.replace('Friday', 'Monday');
    const theirs = 'We ship on Friday.';
    expect(mergeTexts(base, mine, theirs)).toEqual({ text: 'We ship on Monday.', clean: true });
  });

  it('says so when both changed the same words in different ways', () => {
    const short = 'Fix the login bug';
    const merged = mergeTexts(short, 'Repair everything now', 'Ship a totally different plan');
    expect(merged.clean).toBe(false);
  });

  it('merges from an empty text both started from', () => {
    const merged = mergeTexts('', 'First idea.', 'Second idea.');
    expect(merged.text).toContain('First idea.');
    expect(merged.text).toContain('Second idea.');
  });
});
