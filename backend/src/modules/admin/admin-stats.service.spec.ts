import { AdminStatsService } from './admin-stats.service';
import type { AdminStatsRepository } from './admin-stats.repository';

describe(AdminStatsService.name, () => {
  describe('userGrowth', () => {
    function setup(counts: number[]) {
      const windows: { start: Date; end: Date }[][] = [];
      const repo = {
        usersCreatedIn: async (w: { start: Date; end: Date }[]) => {
          windows.push(w);
          return counts;
        },
      } as unknown as AdminStatsRepository;
      return { sut: new AdminStatsService(repo), windows };
    }

    it('asks for 7 back-to-back local days ending at midnight tonight, and labels them', async () => {
      const { sut, windows } = setup([0, 1, 0, 0, 2, 0, 5]);
      const now = new Date(2025, 6, 8, 15, 30); // July 8, 2025, 15:30 local time

      const growth = await sut.userGrowth(now);

      expect(growth).toEqual([
        { day: '2025-07-02', newUsers: 0 },
        { day: '2025-07-03', newUsers: 1 },
        { day: '2025-07-04', newUsers: 0 },
        { day: '2025-07-05', newUsers: 0 },
        { day: '2025-07-06', newUsers: 2 },
        { day: '2025-07-07', newUsers: 0 },
        { day: '2025-07-08', newUsers: 5 },
      ]);
      const [w] = windows;
      expect(w[0].start).toEqual(new Date(2025, 6, 2));
      expect(w[6].end).toEqual(new Date(2025, 6, 9));
      w.slice(1).forEach((day, i) => expect(day.start).toEqual(w[i].end));
    });

    it('crosses month and year ends', async () => {
      const { sut } = setup([0, 0, 0, 0, 0, 0, 0]);
      const days = (await sut.userGrowth(new Date(2026, 0, 3, 0, 5))).map((d) => d.day);
      expect(days).toEqual([
        '2025-12-28',
        '2025-12-29',
        '2025-12-30',
        '2025-12-31',
        '2026-01-01',
        '2026-01-02',
        '2026-01-03',
      ]);
    });
  });
});
