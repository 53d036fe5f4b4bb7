import { canonicalText, chainHash, GENESIS_HASH, jsonDetails, type ChainedContent } from './audit-chain';

const row: ChainedContent = {
  id: '00000000-0000-4000-8000-000000000001',
  at: new Date('2026-11-28T06:00:00.123Z'),
  actorId: '00000000-0000-4000-8000-000000000002',
  actorEmail: 'root@example.com',
  ip: '127.0.0.1',
  userAgent: 'jest',
  action: 'admin.settings.changed',
  targetType: 'settings',
  targetId: 'instance',
  details: { b: 1, a: { d: [2, { z: 1, y: 0 }], c: null } },
  prevHash: GENESIS_HASH,
};

describe('the audit chain', () => {
  describe(canonicalText.name, () => {
    it('sorts the keys of details at every depth, so the order jsonb gives back does not count', () => {
      const reordered = { ...row, details: { a: { c: null, d: [2, { y: 0, z: 1 }] }, b: 1 } };
      expect(canonicalText(reordered)).toBe(canonicalText(row));
      expect(canonicalText(row)).toContain('{"a":{"c":null,"d":[2,{"y":0,"z":1}]},"b":1}');
    });
  });

  describe(chainHash.name, () => {
    it('is 64 hex characters and changes with every field, the previous hash included', () => {
      const hash = chainHash(row);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      const changes: Partial<ChainedContent>[] = [
        { id: '00000000-0000-4000-8000-000000000009' },
        { at: new Date('2026-11-28T06:00:00.124Z') },
        { actorId: null },
        { actorEmail: 'other@example.com' },
        { ip: '10.0.0.1' },
        { userAgent: 'curl' },
        { action: 'auth.signin' },
        { targetType: 'user' },
        { targetId: 'x' },
        { details: { b: 2, a: row.details.a } },
        { prevHash: 'f'.repeat(64) },
      ];
      for (const change of changes)
        expect({ change, same: chainHash({ ...row, ...change }) === hash }).toEqual({ change, same: false });
    });
  });

  describe(jsonDetails.name, () => {
    it('keeps what jsonb keeps: no undefined, dates as text, no NUL characters', () => {
      expect(jsonDetails({ a: undefined, b: new Date('2026-01-01T00:00:00.000Z'), c: 'x\0y' })).toEqual({
        b: '2026-01-01T00:00:00.000Z',
        c: 'xy',
      });
      expect(jsonDetails(undefined)).toEqual({});
    });
  });
});
