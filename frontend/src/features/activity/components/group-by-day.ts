import type { Activity } from '@papan/shared';
import { dayKind, formatLongDate, type DayKind } from '../../../lib/dates';

export interface DayGroup {
  /** The local calendar day, yyyy-mm-dd. */
  day: string;
  kind: DayKind;
  /** 'MMMM d, yyyy' in the reader's language; shown for days before yesterday. */
  label: string;
  activities: Activity[];
}

/**
 * When an activity happened: `timestamp`, or `createdAt` when that is missing (docs/product.md,
 * "Entities").
 */
export function activityTime(activity: Activity): string {
  return activity.timestamp || activity.createdAt;
}

function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Entries grouped by local day, newest first, as Today, Yesterday or the date (docs/product.md,
 * "Activity page").
 */
export function groupByDay(
  activities: Activity[],
  language: string | undefined,
  now = new Date(),
): DayGroup[] {
  const groups = new Map<string, DayGroup>();
  const at = (activity: Activity) => new Date(activityTime(activity)).getTime();
  const sorted = [...activities].sort((a, b) => at(b) - at(a));
  for (const activity of sorted) {
    const time = new Date(activityTime(activity));
    const day = localDay(time);
    let group = groups.get(day);
    if (!group) {
      group = { day, kind: dayKind(time, now), label: formatLongDate(time, language), activities: [] };
      groups.set(day, group);
    }
    group.activities.push(activity);
  }
  return [...groups.values()];
}
