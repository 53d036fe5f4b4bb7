import { MIN_POSITION_GAP, POSITION_GAP, positionAfter, positionBetween, reposition } from '@papan/shared';

const at = (entries: [string, number][]) => new Map(entries);
const apply = (order: string[], current: Map<string, number>) => {
  const { changed } = reposition(order, current);
  return order.map((id) => changed.get(id) ?? current.get(id)!);
};
const increasing = (ps: number[]) => ps.every((p, i) => i === 0 || p - ps[i - 1] >= MIN_POSITION_GAP);

describe('positions', () => {
  describe('positionAfter', () => {
    it('puts the first item at GAP and the next ones GAP after the last', () => {
      expect(positionAfter(null)).toBe(POSITION_GAP);
      expect(positionAfter(3000)).toBe(3000 + POSITION_GAP);
    });
  });

  describe('reposition', () => {
    it('gives a moved item the midpoint of its new neighbours and changes nothing else', () => {
      const sut = reposition(
        ['a', 'c', 'b'],
        at([
          ['a', 1024],
          ['b', 2048],
          ['c', 3072],
        ]),
      );
      expect([...sut.changed]).toEqual([['c', 1536]]);
      expect(sut.placed).toEqual(['c']);
    });

    it('puts an item arriving at the end after the last one, and into an empty list at GAP', () => {
      expect([...reposition(['a', 'x'], at([['a', 1024]])).changed]).toEqual([['x', 2048]]);
      expect([...reposition(['x'], new Map()).changed]).toEqual([['x', POSITION_GAP]]);
    });

    it('puts an item arriving first between 0 and the first one', () => {
      expect([...reposition(['x', 'a'], at([['a', 1024]])).changed]).toEqual([['x', 512]]);
    });

    it('changes nothing when the order is unchanged', () => {
      const sut = reposition(
        ['a', 'b'],
        at([
          ['a', 1],
          ['b', 2],
        ]),
      );
      expect(sut.changed.size).toBe(0);
      expect(sut.placed).toEqual([]);
    });

    it('renumbers the whole sequence when a gap would fall below the minimum', () => {
      const sut = reposition(
        ['a', 'x', 'b'],
        at([
          ['a', 1],
          ['b', 1 + 1e-7],
        ]),
      );
      expect(
        apply(
          ['a', 'x', 'b'],
          at([
            ['a', 1],
            ['b', 1 + 1e-7],
          ]),
        ),
      ).toEqual([1024, 2048, 3072]);
      expect(sut.placed).toEqual(['x']);
    });

    it('keeps any permutation strictly increasing, even after many moves to the same spot', () => {
      let current = at(['a', 'b', 'c', 'd', 'e'].map((id, i) => [id, (i + 1) * POSITION_GAP]));
      const order = ['a', 'b', 'c', 'd', 'e'];
      for (let round = 0; round < 200; round++) {
        const [moved] = order.splice(round % 2 ? 4 : 0, 1);
        order.splice(1, 0, moved);
        const positions = apply(order, current);
        expect(increasing(positions)).toBe(true);
        current = new Map(order.map((id, i) => [id, positions[i]]));
      }
      const shuffled = ['e', 'c', 'a', 'd', 'b'];
      expect(increasing(apply(shuffled, current))).toBe(true);
    });
  });
});

describe('positionBetween (the browser’s optimistic place, the same rule as reposition)', () => {
  it('places one item as reposition would', () => {
    expect(positionBetween(1024, 2048)).toBe(1536);
    expect(positionBetween(2048, undefined)).toBe(2048 + POSITION_GAP);
    expect(positionBetween(undefined, 1024)).toBe(512);
    expect(positionBetween()).toBe(POSITION_GAP);
    const { changed } = reposition(['b', 'a'], at([['a', 1024]]));
    expect(changed.get('b')).toBe(positionBetween(undefined, 1024));
  });
});
