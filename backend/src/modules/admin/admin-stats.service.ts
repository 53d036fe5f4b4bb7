import { Injectable } from '@nestjs/common';
import { UI, type AdminStats, type UserGrowthDay } from '@papan/shared';
import { AdminStatsRepository } from './admin-stats.repository';

@Injectable()
export class AdminStatsService {
  constructor(private readonly stats: AdminStatsRepository) {}

  counts(): Promise<AdminStats> {
    return this.stats.counts();
  }

  /**
   * New accounts on each of the last 7 days, today included, oldest first, one entry per day even
   * when nobody registered. Days are calendar days in the server's time zone (the TZ of the Node
   * process), whatever time zone the database runs in.
   */
  async userGrowth(now = new Date()): Promise<UserGrowthDay[]> {
    const days = lastDays(now, UI.adminGrowthDays);
    const counts = await this.stats.usersCreatedIn(days);
    return days.map((d, i) => ({ day: d.day, newUsers: counts[i] }));
  }
}

/** Local midnights from `count - 1` days ago to tomorrow; a day is 23 or 25 hours when DST shifts. */
function lastDays(now: Date, count: number): { day: string; start: Date; end: Date }[] {
  return Array.from({ length: count }, (_, i) => {
    const offset = i - (count - 1);
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset + 1);
    return { day: localDay(start), start, end };
  });
}

function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
